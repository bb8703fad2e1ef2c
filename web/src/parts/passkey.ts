/**
 * The browser's side of passkeys (@simplewebauthn/browser, bundled): make
 * one from the server's options, or answer a challenge with one. What the
 * browser refuses (the person cancelled, the time ran out, this device's
 * passkey is already registered) becomes a Problem in words. The login
 * page fetches this module when a passkey is used (passkeys-supported.ts
 * tells whether to offer one), so the first load stays without it.
 */
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { Problem } from './problem.js';

export async function makePasskey(options: unknown): Promise<RegistrationResponseJSON> {
  try {
    return await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw problemOf(error, 'No passkey was made');
  }
}

export async function answerWithPasskey(options: unknown): Promise<AuthenticationResponseJSON> {
  try {
    return await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    throw problemOf(error, 'No passkey was used');
  }
}

function problemOf(error: unknown, what: string): Problem {
  const name = (error as { name?: string; cause?: { name?: string } }).cause?.name ?? (error as { name?: string }).name;
  if (name === 'NotAllowedError' || name === 'AbortError') return new Problem(0, 'passkey_cancelled', `${what}: the request was cancelled or timed out. Try again.`);
  if (name === 'InvalidStateError') return new Problem(0, 'passkey_exists', `${what}: this device already holds a passkey of your account.`);
  return new Problem(0, 'passkey_failed', `${what}: ${(error as Error).message || 'the browser refused'}.`);
}
