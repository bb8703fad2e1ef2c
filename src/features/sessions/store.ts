/**
 * What the sessions keep in the store: one record per login, from its start
 * to its end, kept a few days after it ended or expired. A store part: its
 * implementations are store-json.ts and store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

/** `api`: POST /api/auth/login, lasting as its token does; `portal`: the portal's login, renewed with its refresh cookie. */
export type SessionKind = 'api' | 'portal';

/** Why a session ended. */
export type EndReason =
  /** Its owner logged out with it. */
  | 'logged-out'
  /** Its owner ended it from the list (from any session of theirs). */
  | 'ended'
  /** Its owner ended every session but one ("end all others"). */
  | 'ended-by-others'
  | 'password-changed'
  | 'password-reset'
  /** A refresh token of it was used again after it had been rotated: someone holds a copy. */
  | 'refresh-reused'
  /** Its owner added or removed a second factor from another session of theirs. */
  | 'second-factor-changed'
  /** An admin reset the account's second factors. */
  | 'second-factors-reset';

export interface SessionRecord {
  /** `ses_` and 32 hex digits: named in the token (`sid`), the refresh token and the list's URLs. */
  id: string;
  userId: number;
  kind: SessionKind;
  /** What the User-Agent says, in a few words ("Firefox 128 on Windows"). */
  device: string;
  /** The User-Agent itself, at most 256 characters. */
  userAgent: string;
  /** Where the login came from. */
  address: string;
  /** Where the last use came from. */
  lastAddress: string;
  startedAt: string;
  lastUsedAt: string;
  /** When it ends by itself: an API session with its token, a portal session after its idle days (moved at each refresh). */
  expiresAt: string;
  /** The refresh token's generation (portal sessions): each rotation makes the next one, and only it is taken. */
  refreshGeneration: number;
  /** When the refresh token was last rotated, for the leeway of a second tab. */
  rotatedAt: string | null;
  endedAt: string | null;
  endReason: EndReason | null;
}

export interface SessionStore {
  add(record: SessionRecord): Promise<void>;
  find(id: string): Promise<SessionRecord | undefined>;
  /** The user's sessions that have neither ended nor expired at `now`, last used first. */
  activeOf(userId: number, now: string): Promise<SessionRecord[]>;
  /**
   * Moves a portal session's refresh token from `generation` to the next,
   * with its use: true when it did, false when the session had ended or was
   * no longer at `generation` (another use rotated it first).
   */
  rotate(id: string, generation: number, use: { at: string; address: string; expiresAt: string }): Promise<boolean>;
  /** Notes a use (its time and address); nothing else changes, so it never undoes an end made meanwhile. */
  recordUse(id: string, at: string, address: string): Promise<void>;
  /** Ends the session unless it has ended; true when this ended it. */
  end(id: string, at: string, reason: EndReason): Promise<boolean>;
  /** Ends every session of the user still active at `at` (neither ended nor expired), but `keep`; the ids it ended. */
  endAllOf(userId: number, at: string, reason: EndReason, keep?: string): Promise<string[]>;
  /** Deletes sessions that ended, or expired, before `cutoff`; returns how many. */
  deleteGoneBefore(cutoff: Date): Promise<number>;
}

/** The sessions' store part (never rename it: the name is kept in data). */
export const sessionsPart = storePart<SessionStore>('sessions');
