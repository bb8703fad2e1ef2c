import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const period = 30;
const digits = 6;
/** A code of the step before or after is taken too: a phone's clock a little off, or a code typed as it turned. */
const window = 1;

export interface TotpSetUp {
  /** Base32, as an app's "enter a key" asks for it. */
  secret: string;
  /** The otpauth:// address the QR code carries. */
  uri: string;
}

/** A new secret of 160 bits (RFC 4226's recommended length), labelled with the account and the issuer an app lists it under. */
export function newTotp(issuer: string, account: string): TotpSetUp {
  const totp = new TOTP({ issuer, label: account, secret: new Secret({ size: 20 }), algorithm: 'SHA1', digits, period });
  return { secret: totp.secret.base32, uri: totp.toString() };
}

/** The time step `code` belongs to within the window around `at`, or undefined when it is not a code of this secret now. */
export function stepOf(secret: string, code: string, at: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits, period });
  const delta = totp.validate({ token: code, timestamp: at, window });
  if (delta === null) return undefined;
  return Math.floor(at / 1000 / period) + delta;
}
