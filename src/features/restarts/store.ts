/**
 * What the restarts keep in the store: each server's pending restart, so a
 * countdown survives a restart of Gatehouse itself. A store part: its
 * implementations are store-json.ts and store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

export interface PendingRestart {
  restartAt: string;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  /** Seconds of the countdown when it was scheduled, for the boss bar's progress. */
  delaySeconds: number;
}

/** Pending restarts by `server.id`: on a network each server restarts on its own. */
export interface RestartStore {
  /** Inside a unit of work, the server's restart stays the unit's until it ends. */
  load(server: string): Promise<PendingRestart | null>;
  save(server: string, pending: PendingRestart | null): Promise<void>;
}

/** The pending restarts' store part (never rename it: the name is kept in data). */
export const restartsPart = storePart<RestartStore>('restarts');
