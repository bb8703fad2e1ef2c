/**
 * What jobs keep in the store: each player's jobs (joined or left, the
 * experience, what was earned today), the blocks players placed (so breaking
 * them pays nothing, across restarts), and payouts counted but not yet paid
 * where the economy is the game's (Vault). A store part: its
 * implementations are store-json.ts and store-postgres.ts.
 */
import type { PlayerRef } from '../../game/port.js';
import { storePart } from '../../store/port.js';

export interface JobRecord {
  joined: boolean;
  joinedAt: string | null;
  leftAt: string | null;
  /** Total experience in this job; kept when the player leaves. */
  experience: number;
  /** What the job paid on `day` (YYYY-MM-DD, UTC), in ten-thousandths of a cent, for the daily cap. */
  earned: { day: string; units: number };
}

/** A job the player never worked before. */
export function freshRecord(): JobRecord {
  return { joined: false, joinedAt: null, leftAt: null, experience: 0, earned: { day: '', units: 0 } };
}

export interface PlayerJobs {
  uuid: string;
  /** The player's name as last seen. */
  name: string;
  jobs: Record<string, JobRecord>;
}

/** A payout counted (with its experience) and owed to a player, until the game's economy takes it. */
export interface OwedPayout {
  /** Random: the payout's Idempotency-Key with the economy is made from it, so it must never repeat. */
  id: string;
  player: PlayerRef;
  cents: number;
  description: string;
  countedAt: string;
}

export interface JobsStore {
  player(uuid: string): Promise<PlayerJobs | undefined>;
  /** Every player with a job record (read once at start). */
  players(): Promise<PlayerJobs[]>;
  save(players: PlayerJobs[]): Promise<void>;
  /** Placed blocks by position key, with when they were placed (ms since the epoch). */
  placedBlocks(): Promise<Array<[position: string, placedAt: number]>>;
  recordPlacedBlocks(change: { added: Array<[string, number]>; removed: string[] }): Promise<void>;
  owed(): Promise<OwedPayout[]>;
  addOwed(payouts: OwedPayout[]): Promise<void>;
  removeOwed(ids: string[]): Promise<void>;
}

/** Jobs' store part (its implementations: store-json.ts, store-postgres.ts). */
export const jobsPart = storePart<JobsStore>('jobs');
