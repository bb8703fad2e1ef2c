import { randomInt } from 'node:crypto';

/** Letters and digits without the look-alikes 0/O, 1/I/L. */
export const registrationCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const registrationCodeLength = 8;

/** A fresh code from a cryptographic random source. */
export function generateRegistrationCode(): string {
  let code = '';
  for (let index = 0; index < registrationCodeLength; index += 1) {
    code += registrationCodeAlphabet[randomInt(registrationCodeAlphabet.length)];
  }
  return code;
}

/** What players type: case and spaces or dashes do not matter. */
export function normalizeRegistrationCode(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');
}
