/**
 * Paired rounds: on a machine whose speed drifts (other work, a virtual
 * machine's neighbours, the CPU's clock), a rate measured now and one
 * measured a minute later are not comparable, but two measured one right
 * after the other are. So the sides of a ratio are measured in turn, round
 * after round, each round's order turned by one (A B C, B C A, C A B, ...)
 * so that no side always goes first; each round gives a ratio of its own,
 * and a run's figure is the median of those, printed with all of them and
 * their spread.
 */

/** Each side measured once a round, in turn; answers every side's figures, round by round. */
export async function pairedRounds<Side extends string>(sides: Record<Side, () => Promise<number>>, rounds: number): Promise<Record<Side, number[]>> {
  const names = Object.keys(sides) as Side[];
  const figures = Object.fromEntries(names.map((name) => [name, [] as number[]])) as unknown as Record<Side, number[]>;
  for (let round = 0; round < rounds; round += 1) {
    for (let step = 0; step < names.length; step += 1) {
      const name = names[(round + step) % names.length]!;
      figures[name][round] = await sides[name]();
    }
  }
  return figures;
}

export interface Ratio {
  /** The median of the rounds' ratios: the run's figure. */
  median: number;
  /** Each round's ratio, in the order measured. */
  rounds: number[];
  /** (largest - smallest) / median, in per cent. */
  spreadPercent: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Round by round, numerator / denominator. */
export function ratioOf(numerator: number[], denominator: number[]): Ratio {
  const rounds = numerator.map((value, index) => value / denominator[index]!);
  const middle = median(rounds);
  return { median: middle, rounds, spreadPercent: ((Math.max(...rounds) - Math.min(...rounds)) / middle) * 100 };
}

/** `0.93 (rounds 0.91, 0.93, 0.95; spread 4.3 %)`. */
export function describeRatio(ratio: Ratio): string {
  return `${ratio.median.toFixed(2)} (rounds ${ratio.rounds.map((value) => value.toFixed(2)).join(', ')}; spread ${ratio.spreadPercent.toFixed(1)} %)`;
}

/** Rates as `41,234 / 38,900 / ...`. */
export function describeRates(rates: number[]): string {
  return rates.map((rate) => Math.round(rate).toLocaleString('en-US')).join(', ');
}
