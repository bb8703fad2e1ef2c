import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyStore } from '../../store/port.js';

const keyName = 'factor-secrets';
const algorithm = 'aes-256-gcm';
const version = 'v1';

/**
 * Seals the factors' secrets (a TOTP secret must be read back to check a
 * code, so it is encrypted, not hashed) with AES-256-GCM under a key kept
 * in the store's secrets beside the token signing key (with the JSON store,
 * `factor-secrets.key`, owner-only), so every instance sharing the store
 * opens what another sealed, and a copy of the table alone reveals nothing.
 * Each secret is bound to its account (the additional data), so a sealed
 * value copied onto another account does not open.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static async open(keys: KeyStore): Promise<SecretBox> {
    const key = await keys.getOrCreate(keyName, () => randomBytes(32));
    if (key.length !== 32) throw new Error(`the stored ${keyName} key must hold 32 bytes; it holds ${key.length}`);
    return new SecretBox(key);
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, each base64url; `context` names what the secret belongs to. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv(algorithm, this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [version, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The secret; throws when it was tampered with, sealed for another context, or under another key. */
  open(sealed: string, context: string): string {
    const [tag, iv, authTag, data] = sealed.split('.');
    if (tag !== version || iv === undefined || authTag === undefined || data === undefined) throw new Error('not a sealed secret of this version');
    const decipher = createDecipheriv(algorithm, this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
