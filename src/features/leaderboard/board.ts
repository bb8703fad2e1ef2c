import { asciiLowerCase } from '../../lib/ascii.js';
import { TimeSlicer } from './time-slices.js';

/** One player's value on a board, before ranking. */
export interface Standing {
  /** What finds the player again: a UUID, or a lower-case name for playtime. */
  key: string;
  player: string;
  value: number;
  /** A job's level, on job boards. */
  level?: number;
}

export interface RankedStanding extends Standing {
  /** 1 for the highest value; equal values share a rank and the next rank skips (1, 2, 2, 4). */
  rank: number;
}

/**
 * A leaderboard as it was at one moment: players from the highest value
 * down (equal values by name), their ranks, and where each player is, so a
 * page and the caller's own rank are read without walking it. Kept in
 * columns (typed arrays for the numbers) and sorted by an index merge sort,
 * which at 10^5 players is several times quicker than sorting objects.
 */
export class Board {
  private constructor(
    private readonly keys: string[],
    private readonly players: string[],
    private readonly values: Float64Array,
    /** -1 where a board has no levels. */
    private readonly levels: Int32Array,
    /** Board positions (0 first) to rows of the columns above. */
    private readonly order: Uint32Array,
    private readonly ranks: Uint32Array,
    /** Key to board position. */
    private readonly positions: ReadonlyMap<string, number>,
    /** When the board was built (ms since the epoch). */
    readonly builtAt: number,
  ) {}

  /** Ranks the standings in slices of a few milliseconds (see TimeSlicer). */
  static async build(standings: Iterable<Standing>, builtAt: number, slicer = new TimeSlicer()): Promise<Board> {
    const keys: string[] = [];
    const players: string[] = [];
    const valueList: number[] = [];
    const levelList: number[] = [];
    for (const standing of standings) {
      keys.push(standing.key);
      players.push(standing.player);
      valueList.push(standing.value);
      levelList.push(standing.level ?? -1);
      if (slicer.due()) await slicer.pause();
    }
    const count = keys.length;
    const values = Float64Array.from(valueList);
    const levels = Int32Array.from(levelList);
    const order = await sortRows(values, players, slicer);
    const ranks = new Uint32Array(count);
    const positions = new Map<string, number>();
    for (let position = 0; position < count; position += 1) {
      const row = order[position]!;
      ranks[position] = position > 0 && values[order[position - 1]!] === values[row] ? ranks[position - 1]! : position + 1;
      positions.set(keys[row]!, position);
      if (slicer.due()) await slicer.pause();
    }
    return new Board(keys, players, values, levels, order, ranks, positions, builtAt);
  }

  get size(): number {
    return this.order.length;
  }

  /** A page (from 1) of `limit` players. */
  page(page: number, limit: number): RankedStanding[] {
    const standings: RankedStanding[] = [];
    for (let position = (page - 1) * limit; position < Math.min(page * limit, this.size); position += 1) standings.push(this.at(position));
    return standings;
  }

  /** A player's rank and value, wherever they are on the board; undefined when not on it. */
  find(key: string): RankedStanding | undefined {
    const position = this.positions.get(key);
    return position === undefined ? undefined : this.at(position);
  }

  private at(position: number): RankedStanding {
    const row = this.order[position]!;
    const level = this.levels[row]!;
    return { key: this.keys[row]!, rank: this.ranks[position]!, player: this.players[row]!, value: this.values[row]!, ...(level >= 0 ? { level } : {}) };
  }
}

/**
 * Row numbers from the highest value down, equal values by name in any
 * letter case: a stable bottom-up merge sort of row numbers, pausing
 * between slices.
 */
async function sortRows(values: Float64Array, players: string[], slicer: TimeSlicer): Promise<Uint32Array> {
  const count = values.length;
  // Lower-case names, made only for rows whose value ties with another's.
  const lowered: Array<string | undefined> = new Array(count);
  const nameOf = (row: number) => (lowered[row] ??= asciiLowerCase(players[row]!));
  /** True when row `a` comes before row `b`. */
  const before = (a: number, b: number) => {
    const difference = values[a]! - values[b]!;
    if (difference !== 0) return difference > 0;
    return nameOf(a) < nameOf(b);
  };
  let source = new Uint32Array(count);
  let target = new Uint32Array(count);
  for (let row = 0; row < count; row += 1) source[row] = row;
  for (let width = 1; width < count; width *= 2) {
    for (let left = 0; left < count; left += 2 * width) {
      const middle = Math.min(left + width, count);
      const end = Math.min(left + 2 * width, count);
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < end) {
        // The right run's row goes first only when it strictly comes before: the sort stays stable.
        target[k++] = before(source[j]!, source[i]!) ? source[j++]! : source[i++]!;
        if (slicer.due()) await slicer.pause();
      }
      while (i < middle) target[k++] = source[i++]!;
      while (j < end) target[k++] = source[j++]!;
    }
    [source, target] = [target, source];
  }
  return source;
}
