/**
 * The forward sign-in's two tokens, each an HMAC-SHA256 under a key kept in
 * the store (shared by every instance of a network):
 *
 * - the cookie a proxied site keeps, `<session id>.<mac>`, its mac over the
 *   session and the site's host: it names a portal session and nothing
 *   else, so it works exactly as long as that session does (every check
 *   reads the session), and only on the site it was made for;
 * - the ticket that carries a sign-in from the portal to the site,
 *   `<session id>.<expiry>.<nonce>.<mac>`, for one host, taken once within
 *   its minute (on this instance: a network's other instances may take a
 *   copy within that minute, docs/sign-in.md).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyStore } from '../../store/port.js';

const keyName = 'forward-auth';
const cookieShape = /^(ses_[0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;
const ticketShape = /^(ses_[0-9a-f]{32})\.(\d{1,12})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;
export const ticketSeconds = 60;
/** Tickets taken and not yet expired, remembered so none is taken twice here. */
const maxTicketsRemembered = 100_000;

export class ForwardTokens {
  private readonly taken = new Map<string, number>();

  private constructor(
    private readonly key: Buffer,
    private readonly now: () => Date,
  ) {}

  static async open(keys: KeyStore, now: () => Date): Promise<ForwardTokens> {
    const key = await keys.getOrCreate(keyName, () => randomBytes(32));
    if (key.length < 32) throw new Error(`the stored ${keyName} key holds fewer than 32 bytes; delete it to generate a new one`);
    return new ForwardTokens(key, now);
  }

  cookie(sessionId: string, host: string): string {
    return `${sessionId}.${this.mac('cookie', sessionId, host)}`;
  }

  /** The session a cookie names, when it is one of ours made for `host`. */
  sessionOfCookie(token: string, host: string): string | undefined {
    const match = cookieShape.exec(token);
    if (!match) return undefined;
    return same(match[2]!, this.mac('cookie', match[1]!, host)) ? match[1] : undefined;
  }

  ticket(sessionId: string, host: string): string {
    const expires = Math.floor(this.now().getTime() / 1000) + ticketSeconds;
    const nonce = randomBytes(16).toString('hex');
    return `${sessionId}.${expires}.${nonce}.${this.mac('ticket', sessionId, String(expires), nonce, host)}`;
  }

  /** The session a ticket names, taking it: once, before it expires, for the host it was made for; undefined otherwise. */
  takeTicket(ticket: string, host: string): string | undefined {
    const match = ticketShape.exec(ticket);
    if (!match) return undefined;
    const [, sessionId, expires, nonce, mac] = match as unknown as [string, string, string, string, string];
    if (!same(mac, this.mac('ticket', sessionId, expires, nonce, host))) return undefined;
    const nowMs = this.now().getTime();
    const expiresMs = Number(expires) * 1000;
    if (expiresMs <= nowMs || this.taken.has(nonce)) return undefined;
    this.forgetExpired(nowMs);
    this.taken.set(nonce, expiresMs);
    return sessionId;
  }

  private forgetExpired(nowMs: number): void {
    for (const [nonce, expiresMs] of this.taken) if (expiresMs <= nowMs || this.taken.size >= maxTicketsRemembered) this.taken.delete(nonce);
  }

  private mac(...parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join('\n')).digest('base64url');
  }
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
