/**
 * What the connections keep in the store: every LOGIN, LOGOUT and refused
 * login with the player's address, an append-only log (the leaderboard's
 * playtime reads it too). A store part: its implementations are
 * store-json.ts and store-postgres.ts, the store's own log pieces over the
 * files and table this log has always had.
 */
import { type AppendLog, storePart } from '../../store/port.js';

export type ConnectionAction = 'LOGIN' | 'LOGOUT';

export interface ConnectionLogEntry {
  id: number;
  username: string;
  action: ConnectionAction;
  ipAddress: string;
  timestamp: string;
  success: boolean;
  /** Why a login was refused; only on refused logins. */
  reason?: string;
}

export type ConnectionLogStore = AppendLog<ConnectionLogEntry>;

/** The connection log's store part (never rename it: the name is kept in data). */
export const connectionLogPart = storePart<ConnectionLogStore>('connectionLog');
