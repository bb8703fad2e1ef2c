import { createHash, randomInt } from 'node:crypto';

/** Letters and digits nobody confuses when copying by hand (no 0/O, 1/I/L). */
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const groups = 4;
const groupLength = 4;
export const recoveryCodeCount = 10;

/**
 * Ten codes of 16 characters from 31 (79 bits each), shown as XXXX-XXXX-XXXX-XXXX.
 * So random a code needs no slow hash (bcrypt is for passwords people
 * choose): SHA-256 of it cannot be reversed by trying codes.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () =>
    Array.from({ length: groups }, () => Array.from({ length: groupLength }, () => alphabet[randomInt(alphabet.length)]).join('')).join('-'),
  );
}

/** What is compared: upper case, without the dashes and spaces people type or leave out. */
export function normalizeRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(input: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(input)).digest('hex');
}
