/**
 * What the accounts keep in the store besides the users (which every group
 * reads, and the store's core keeps): the registration codes `/register`
 * hands out, one per player, and the password reset codes `/resetpassword`
 * hands out, one per account. Store parts: their implementations are
 * store-json.ts and store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

export interface RegistrationCodeRecord {
  code: string;
  gameUsername: string;
  gameUuid: string;
  createdAt: string;
  expiresAt: string;
}

export interface RegistrationCodeStore {
  /** Stores the code and removes every earlier code of the same player. */
  replaceForPlayer(record: RegistrationCodeRecord): Promise<void>;
  find(code: string): Promise<RegistrationCodeRecord | undefined>;
  remove(code: string): Promise<void>;
  /** Removes codes that expired before `now`; returns how many. */
  removeExpired(now: Date): Promise<number>;
}

/** The registration codes' store part (never rename it: the name is kept in data). */
export const registrationCodesPart = storePart<RegistrationCodeStore>('registrationCodes');

/** A code from /resetpassword: kept only as its SHA-256, since it is as good as the password for a while. */
export interface PasswordResetCodeRecord {
  /** SHA-256 of the code as typed in capitals without spaces, in hex. */
  codeHash: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
}

export interface PasswordResetCodeStore {
  /** Stores the code and removes every earlier code of the same account. */
  replaceForUser(record: PasswordResetCodeRecord): Promise<void>;
  find(codeHash: string): Promise<PasswordResetCodeRecord | undefined>;
  /** True when this removed it (a code is used once, even by two requests at the same moment). */
  remove(codeHash: string): Promise<boolean>;
  /** Removes codes that expired before `now`; returns how many. */
  removeExpired(now: Date): Promise<number>;
}

/** The password reset codes' store part (never rename it: the name is kept in data). */
export const passwordResetCodesPart = storePart<PasswordResetCodeStore>('passwordResetCodes');
