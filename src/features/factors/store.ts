/**
 * What the second factors keep: each account's TOTP secret (encrypted),
 * its recovery codes (hashed), its passkeys (public keys), and the
 * short-lived challenges of a login in two steps and of WebAuthn
 * ceremonies. A store part: its implementations are store-json.ts and
 * store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

export interface TotpRecord {
  userId: number;
  /** The secret, sealed with the factors' key (./secret-box.ts): never kept in clear. */
  sealedSecret: string;
  /** False from set-up until the first code is confirmed: an unconfirmed secret is no factor. */
  confirmed: boolean;
  /** The last time step a code was accepted for: a code is taken once, and never one of an earlier step. */
  lastStep: number | null;
  createdAt: string;
}

export interface PasskeyRecord {
  /** The credential id, base64url, as the authenticator gave it. */
  id: string;
  userId: number;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  /** `singleDevice` or `multiDevice` (synced), as the authenticator said. */
  deviceType: string;
  backedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export type ChallengeKind = 'login-ticket' | 'passkey-registration' | 'passkey-second-factor' | 'passkey-login';

/** A short-lived, single-use thing a later request must present: a login ticket (by its hash) or a WebAuthn challenge. */
export interface ChallengeRecord {
  key: string;
  kind: ChallengeKind;
  /** The account it is for; null for a passwordless login's challenge, which names no account. */
  userId: number | null;
  expiresAt: string;
}

export interface FactorStore {
  totp(userId: number): Promise<TotpRecord | undefined>;
  /** Replaces the account's TOTP secret (a new set-up starts unconfirmed). */
  putTotp(record: TotpRecord): Promise<void>;
  /**
   * Takes a code of `step`: true when the secret is there (confirmed or
   * not), and no code of this step or a later one was taken before; it is
   * then confirmed, with `step` recorded. One statement, so two requests
   * with one code cannot both pass, on any instance.
   */
  takeTotpStep(userId: number, step: number): Promise<boolean>;
  removeTotp(userId: number): Promise<boolean>;

  /** Replaces every recovery code of the account with these hashes. */
  replaceRecoveryCodes(userId: number, hashes: string[]): Promise<void>;
  /** Marks the code used: true only the first time, for a code of this account. */
  takeRecoveryCode(userId: number, hash: string, at: string): Promise<boolean>;
  recoveryCodesLeft(userId: number): Promise<number>;
  removeRecoveryCodes(userId: number): Promise<number>;

  addPasskey(record: PasskeyRecord): Promise<void>;
  passkey(id: string): Promise<PasskeyRecord | undefined>;
  /** The account's passkeys, oldest first. */
  passkeys(userId: number): Promise<PasskeyRecord[]>;
  renamePasskey(userId: number, id: string, name: string): Promise<boolean>;
  removePasskey(userId: number, id: string): Promise<boolean>;
  /** The signature counter and the moment of a use. */
  recordPasskeyUse(id: string, counter: number, at: string): Promise<void>;
  removePasskeys(userId: number): Promise<number>;

  putChallenge(record: ChallengeRecord): Promise<void>;
  findChallenge(key: string): Promise<ChallengeRecord | undefined>;
  /** Removes and answers the challenge: the one caller that gets it back is the one that uses it. */
  takeChallenge(key: string): Promise<ChallengeRecord | undefined>;
  /** Removes challenges that expired before `now`; returns how many. */
  removeExpiredChallenges(now: Date): Promise<number>;
}

/** The factors' store part (never rename it: the name is kept in data). */
export const factorsPart = storePart<FactorStore>('factors');
