/**
 * The provider's signing keys (its JWKS) and the keys of its cookies, kept in
 * the store so every instance of a network signs and checks with the same,
 * and rotated: a new signing key every `rotationDays`, which signs from then
 * on, while the one before it stays published `retiredDays` more so tokens
 * it signed still verify.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { OidcStore } from './store.js';

const model = 'SigningKeys';
const id = 'current';

interface StoredKey {
  /** The private JWK (RS256), with its kid. */
  jwk: Record<string, unknown>;
  createdAt: string;
}

interface StoredKeys {
  keys: StoredKey[];
  /** The secrets the provider signs its cookies with (newest first). */
  cookieKeys: string[];
}

export interface KeySet {
  /** Private JWKs, the signing one first. */
  jwks: Array<Record<string, unknown>>;
  cookieKeys: string[];
  /** The kids, to tell whether another instance rotated. */
  fingerprint: string;
}

export interface RotationPolicy {
  rotationDays: number;
  retiredDays: number;
}

function newKey(at: Date): StoredKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { jwk: { ...jwk, kid: randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' }, createdAt: at.toISOString() };
}

function keySetOf(stored: StoredKeys): KeySet {
  const jwks = stored.keys.map((key) => key.jwk);
  return { jwks, cookieKeys: stored.cookieKeys, fingerprint: jwks.map((jwk) => jwk.kid).join(',') };
}

/**
 * The stored keys, made or rotated first when due (written only over what
 * was read: of two instances at it at once, the second keeps the first's), and the one before the
 * newest dropped once it is older than `rotationDays + retiredDays` (the
 * newest has then signed for `retiredDays`): what the store holds
 * afterwards (another instance's rotation wins a race, and both use it).
 */
export async function currentKeys(store: OidcStore, policy: RotationPolicy, now: Date): Promise<KeySet> {
  const found = (await store.find(model, id, now.toISOString()))?.payload as unknown as StoredKeys | undefined;
  const day = 86_400_000;
  const age = (key: StoredKey) => now.getTime() - Date.parse(key.createdAt);
  const newest = found?.keys[0];
  const due = !found || !newest || age(newest) >= policy.rotationDays * day;
  const older = (found?.keys.slice(1) ?? []).filter((key) => age(key) < (policy.rotationDays + policy.retiredDays) * day);
  if (due) {
    const cookieKeys = [randomBytes(32).toString('base64url'), ...(found?.cookieKeys ?? []).slice(0, 1)];
    const keys = [newKey(now), ...(newest ? [newest, ...older] : [])];
    await store.replace({ model, id, payload: { keys, cookieKeys }, grantId: null, uid: null, userCode: null, expiresAt: null }, found ? { ...found } : null);
  } else if (older.length < found.keys.length - 1) {
    await store.replace(
      { model, id, payload: { keys: [newest, ...older], cookieKeys: found.cookieKeys }, grantId: null, uid: null, userCode: null, expiresAt: null },
      { ...found },
    );
  }
  const stored = (await store.find(model, id, now.toISOString()))?.payload as unknown as StoredKeys;
  return keySetOf(stored);
}
