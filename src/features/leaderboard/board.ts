import { asciiLowerCase } from '../../lib/ascii.js';
import { sortInSlices, TimeSlicer } from './time-slices.js';

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

interface Sortable extends RankedStanding {
  /** The name in lower case, the order among equal values. */
  order: string;
}

/**
 * A leaderboard as it was at one moment: players from the highest value
 * down (equal values by name), their ranks, and where each player is, so a
 * page and the caller's own rank are read without walking it.
 */
export class Board {
  private constructor(
    private readonly ranked: readonly RankedStanding[],
    private readonly positions: ReadonlyMap<string, number>,
    /** When the board was built (ms since the epoch). */
    readonly builtAt: number,
  ) {}

  /** Ranks the standings in slices of a few milliseconds (see TimeSlicer). */
  static async build(standings: Iterable<Standing>, builtAt: number, slicer = new TimeSlicer()): Promise<Board> {
    const sortable: Sortable[] = [];
    for (const standing of standings) {
      sortable.push({ ...standing, rank: 0, order: asciiLowerCase(standing.player) });
      if (slicer.due()) await slicer.pause();
    }
    const sorted = await sortInSlices(sortable, (a, b) => b.value - a.value || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0), slicer);
    const positions = new Map<string, number>();
    for (let index = 0; index < sorted.length; index += 1) {
      const standing = sorted[index]!;
      standing.rank = index > 0 && sorted[index - 1]!.value === standing.value ? sorted[index - 1]!.rank : index + 1;
      positions.set(standing.key, index);
      if (slicer.due()) await slicer.pause();
    }
    return new Board(sorted, positions, builtAt);
  }

  get size(): number {
    return this.ranked.length;
  }

  /** A page (from 1) of `limit` players. */
  page(page: number, limit: number): RankedStanding[] {
    return this.ranked.slice((page - 1) * limit, page * limit).map(present);
  }

  /** A player's rank and value, wherever they are on the board; undefined when not on it. */
  find(key: string): RankedStanding | undefined {
    const position = this.positions.get(key);
    return position === undefined ? undefined : present(this.ranked[position]!);
  }
}

function present(standing: RankedStanding): RankedStanding {
  return {
    key: standing.key,
    rank: standing.rank,
    player: standing.player,
    value: standing.value,
    ...(standing.level !== undefined ? { level: standing.level } : {}),
  };
}
