/**
 * Sessions: every login that succeeds starts one (the accounts start it
 * with the token they issue), every request with its token checks it in the
 * store, and its owner can list and end them. A portal session also has a
 * refresh token, rotated at each use; a rotated one used again ends the
 * session (./refresh-tokens.ts).
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ApiError, notFound, unauthorized } from '../../errors.js';
import { deviceOf, keptUserAgent } from './devices.js';
import type { RefreshTokens } from './refresh-tokens.js';
import type { EndReason, SessionKind, SessionRecord, SessionStore } from './store.js';

/** Where a login or a use comes from. */
export interface SessionClient {
  address: string;
  userAgent: string | undefined;
}

export interface SessionSettings {
  /** An API session lasts as its token does. */
  apiSessionSeconds: number;
  /** A portal session ends this long after its last refresh. */
  portalIdleSeconds: number;
  /** A refresh token used again this soon after its rotation is a second tab, not a copy. */
  refreshReuseLeewaySeconds: number;
}

/** A session that is going on, and for the portal the refresh token its cookie carries now (absent: the cookie stays as it is). */
export interface LiveSession {
  session: SessionRecord;
  refreshToken?: string;
}

export interface SessionStarted {
  sessionId: string;
  userId: number;
  kind: SessionKind;
  device: string;
  address: string;
}

export interface SessionEnded {
  sessionId: string;
  userId: number;
  reason: EndReason;
}

/** A use is written at most this often per session on each instance (the check itself reads the store on every request). */
const useWriteIntervalMs = 60_000;
/** How many sessions' last writes an instance remembers (the oldest go first). */
const maxUsesRemembered = 50_000;

export function isActive(session: SessionRecord, at: Date): boolean {
  return session.endedAt === null && session.expiresAt > at.toISOString();
}

export const sessionEnded = (message = 'This session has ended; log in again') => new ApiError(401, message, 'session_ended');

export class SessionService {
  readonly events = new EventEmitter<{ started: [SessionStarted]; ended: [SessionEnded] }>();
  private readonly usesWritten = new Map<string, number>();

  constructor(
    private readonly store: SessionStore,
    private readonly refreshTokens: RefreshTokens,
    private readonly settings: SessionSettings,
    private readonly now: () => Date,
    private readonly logError: (message: string) => void,
  ) {}

  /** A new session for a login that succeeded, and for the portal its first refresh token. */
  async start(userId: number, kind: SessionKind, client: SessionClient): Promise<LiveSession> {
    const at = this.now();
    const lifetimeSeconds = kind === 'api' ? this.settings.apiSessionSeconds : this.settings.portalIdleSeconds;
    const session: SessionRecord = {
      id: `ses_${randomBytes(16).toString('hex')}`,
      userId,
      kind,
      device: deviceOf(client.userAgent),
      userAgent: keptUserAgent(client.userAgent),
      address: client.address,
      lastAddress: client.address,
      startedAt: at.toISOString(),
      lastUsedAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + lifetimeSeconds * 1000).toISOString(),
      refreshGeneration: 0,
      rotatedAt: null,
      endedAt: null,
      endReason: null,
    };
    await this.store.add(session);
    this.usesWritten.set(session.id, at.getTime());
    this.events.emit('started', { sessionId: session.id, userId, kind, device: session.device, address: client.address });
    return kind === 'portal' ? { session, refreshToken: this.refreshTokens.issue(session.id, 0) } : { session };
  }

  /**
   * A portal session goes on with its refresh token: the session, with the
   * next refresh token. The same token again within the leeway (a second tab
   * loading at the same moment) goes on without a new one; later, or an
   * older one, ends the session: someone holds a copy.
   */
  async refresh(refreshToken: string | undefined, client: SessionClient): Promise<LiveSession> {
    if (!refreshToken) throw unauthorized('No session to go on with; log in', 'no_session');
    const named = this.refreshTokens.read(refreshToken);
    if (!named) throw unauthorized('This is not a session of this Gatehouse; log in', 'invalid_session');
    // A rotation lost to another use of the same token at the same moment reads the session again; twice is the most that can happen.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const session = await this.store.find(named.sessionId);
      const at = this.now();
      if (!session || !isActive(session, at)) throw sessionEnded();
      if (named.generation > session.refreshGeneration) throw unauthorized('This is not a session of this Gatehouse; log in', 'invalid_session');
      if (named.generation === session.refreshGeneration) {
        const use = { at: at.toISOString(), address: client.address, expiresAt: new Date(at.getTime() + this.settings.portalIdleSeconds * 1000).toISOString() };
        if (!(await this.store.rotate(session.id, named.generation, use))) continue;
        const next = named.generation + 1;
        const rotated: SessionRecord = { ...session, refreshGeneration: next, rotatedAt: use.at, lastUsedAt: use.at, lastAddress: use.address, expiresAt: use.expiresAt };
        return { session: rotated, refreshToken: this.refreshTokens.issue(session.id, next) };
      }
      if (named.generation === session.refreshGeneration - 1 && this.withinLeeway(session, at)) {
        this.noteUse(session, client.address);
        return { session };
      }
      await this.endSession(session, 'refresh-reused');
      throw sessionEnded('This session was ended: its refresh token was used again after it had been replaced, so someone may hold a copy of it. Log in again');
    }
    throw sessionEnded();
  }

  /** The check of every request with a login token: the session it names must be going on (401 otherwise). */
  async requireActive(sessionId: string, address: string): Promise<SessionRecord> {
    const session = await this.store.find(sessionId);
    if (!session || !isActive(session, this.now())) throw sessionEnded();
    this.noteUse(session, address);
    return session;
  }

  /** The user's sessions going on now, last used first. */
  list(userId: number): Promise<SessionRecord[]> {
    return this.store.activeOf(userId, this.now().toISOString());
  }

  /** Ends one of the user's own sessions (404 for anyone else's); false when it had ended already. */
  async endOwn(userId: number, sessionId: string, reason: EndReason = 'ended'): Promise<boolean> {
    const session = await this.store.find(sessionId);
    if (!session || session.userId !== userId) throw notFound(`You have no session ${sessionId}`, 'session_not_found');
    return this.endSession(session, reason);
  }

  /** Ends every session of the user but `keepSessionId` (a password change, "end all others", a new second factor); how many it ended. */
  async endOtherSessions(userId: number, keepSessionId: string | undefined, reason: EndReason = 'ended-by-others'): Promise<number> {
    const ended = await this.store.endAllOf(userId, this.now().toISOString(), reason, keepSessionId);
    for (const sessionId of ended) this.events.emit('ended', { sessionId, userId, reason });
    return ended.length;
  }

  /** Ends every session of the user (a password reset); how many it ended. */
  endAll(userId: number, reason: EndReason): Promise<number> {
    return this.endOtherSessions(userId, undefined, reason);
  }

  /** Deletes what ended or expired before `cutoff` (retention). */
  deleteGoneBefore(cutoff: Date): Promise<number> {
    return this.store.deleteGoneBefore(cutoff);
  }

  private async endSession(session: SessionRecord, reason: EndReason): Promise<boolean> {
    const ended = await this.store.end(session.id, this.now().toISOString(), reason);
    if (ended) this.events.emit('ended', { sessionId: session.id, userId: session.userId, reason });
    return ended;
  }

  private withinLeeway(session: SessionRecord, at: Date): boolean {
    return session.rotatedAt !== null && at.getTime() - Date.parse(session.rotatedAt) < this.settings.refreshReuseLeewaySeconds * 1000;
  }

  /** The session's last use and address, written at most once a minute per session (and at once from a new address). */
  private noteUse(session: SessionRecord, address: string): void {
    const at = this.now();
    const written = this.usesWritten.get(session.id);
    if (written !== undefined && at.getTime() - written < useWriteIntervalMs && session.lastAddress === address) return;
    this.usesWritten.delete(session.id);
    this.usesWritten.set(session.id, at.getTime());
    if (this.usesWritten.size > maxUsesRemembered) this.usesWritten.delete(this.usesWritten.keys().next().value!);
    this.store.recordUse(session.id, at.toISOString(), address).catch((error: Error) => this.logError(`recording the use of session ${session.id}: ${error.message}`));
  }
}
