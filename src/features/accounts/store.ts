/**
 * What the accounts keep in the store besides the users (which every group
 * reads, and the store's core keeps): the registration codes `/register`
 * hands out, one per player. A store part: its implementations are
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
