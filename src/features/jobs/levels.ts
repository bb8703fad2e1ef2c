/**
 * A job's levels: how much experience each level takes, and what a level
 * multiplies pay by. Level 2 takes `first` experience; each later level
 * takes `growth` times as much as the one before, rounded to a whole number.
 * Pay at level L is the entry's money times 1 + bonusPerLevel × (L - 1).
 */
export interface LevelRules {
  max: number;
  first: number;
  growth: number;
  /** Four decimals at most, so a multiplier is a whole number of basis points. */
  bonusPerLevel: number;
}

/** A multiplier of 1 in basis points: pay is counted in ten-thousandths of a cent (cents × basis points). */
export const basisPointsPerUnit = 10_000;

export class LevelCurve {
  /** thresholds[L - 1]: the total experience at which level L starts (level 1 at 0). */
  private readonly thresholds: number[];

  constructor(readonly rules: LevelRules) {
    const thresholds = [0];
    let step = rules.first;
    for (let level = 2; level <= rules.max; level += 1) {
      thresholds.push(thresholds[thresholds.length - 1]! + Math.round(step));
      step *= rules.growth;
    }
    this.thresholds = thresholds;
  }

  /** The total experience at which the last level starts (jobs.yml refuses curves past 2^53). */
  get maxThreshold(): number {
    return this.thresholds[this.thresholds.length - 1]!;
  }

  /** The level at a total experience (1 to max). */
  levelAt(experience: number): number {
    // Binary search: the last threshold at or below the experience.
    let low = 0;
    let high = this.thresholds.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.thresholds[middle]! <= experience) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }

  /** The total experience at which `level` starts; undefined past the last level. */
  experienceFor(level: number): number | undefined {
    return this.thresholds[level - 1];
  }

  /** What pay at `level` is multiplied by, in basis points (10,000 = ×1). */
  multiplierBasisPoints(level: number): number {
    return Math.round((1 + this.rules.bonusPerLevel * (level - 1)) * basisPointsPerUnit);
  }

  /** Every level with the experience it starts at and its multiplier, for the API. */
  table(): Array<{ level: number; experience: number; multiplier: number }> {
    return this.thresholds.map((experience, index) => ({ level: index + 1, experience, multiplier: this.multiplierBasisPoints(index + 1) / basisPointsPerUnit }));
  }
}
