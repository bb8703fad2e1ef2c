/**
 * The portal's refresh tokens: `<session id>.<generation>.<mac>`, the mac an
 * HMAC-SHA256 of the id and the generation under a key kept in the store
 * (shared by every instance of a network, like the token signing key).
 *
 * A session holds one generation at a time and each refresh moves it on, so
 * every token a session ever had can be told apart from a forgery: a token
 * with a good mac but an earlier generation was rotated already, and its use
 * means someone kept a copy (the session then ends), while a bad mac is no
 * token of ours at all and ends nothing. Nothing secret is stored per
 * session: the store holds only the generation.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyStore } from '../../store/port.js';

const keyName = 'session-refresh';
const shape = /^(ses_[0-9a-f]{32})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/;

export interface RefreshTokenContent {
  sessionId: string;
  generation: number;
}

export class RefreshTokens {
  private constructor(private readonly key: Buffer) {}

  static async open(keys: KeyStore): Promise<RefreshTokens> {
    const key = await keys.getOrCreate(keyName, () => randomBytes(32));
    if (key.length < 32) throw new Error(`the stored ${keyName} key holds fewer than 32 bytes; delete it to generate a new one`);
    return new RefreshTokens(key);
  }

  issue(sessionId: string, generation: number): string {
    return `${sessionId}.${generation}.${this.mac(sessionId, generation).toString('base64url')}`;
  }

  /** The session and generation a token names, when it is one of ours; undefined for anything else. */
  read(token: string): RefreshTokenContent | undefined {
    const match = shape.exec(token);
    if (!match) return undefined;
    const sessionId = match[1]!;
    const generation = Number(match[2]);
    const given = Buffer.from(match[3]!, 'base64url');
    const expected = this.mac(sessionId, generation);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { sessionId, generation } : undefined;
  }

  private mac(sessionId: string, generation: number): Buffer {
    return createHmac('sha256', this.key).update(`${sessionId}.${generation}`).digest();
  }
}
