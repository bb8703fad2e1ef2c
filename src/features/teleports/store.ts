/**
 * What the teleports keep in the store: every admin teleport, who asked, who
 * moved, from where, to where, an append-only log. A store part: its
 * implementations are store-json.ts and store-postgres.ts, the store's own
 * log pieces over the files and table this log has always had.
 */
import { type AppendLog, storePart } from '../../store/port.js';

export interface TeleportRecord {
  id: number;
  timestamp: string;
  requestedBy: string;
  player: string;
  from: { world: string; x: number; y: number; z: number };
  to: { world: string; x: number; y: number; z: number; yaw?: number; pitch?: number };
  /** The player teleported to, for player-to-player teleports. */
  target?: string;
}

export type TeleportLog = AppendLog<TeleportRecord>;

/** The teleport log's store part (never rename it: the name is kept in data). */
export const teleportLogPart = storePart<TeleportLog>('teleportLog');
