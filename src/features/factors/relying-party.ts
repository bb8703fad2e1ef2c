import { isIP } from 'node:net';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { ApiError, badRequest } from '../../errors.js';
import type { UserRecord } from '../../store/port.js';
import type { PasskeyRecord } from './store.js';

/** How long a browser may take over a ceremony (the person touching a key, unlocking a phone). */
export const ceremonyMs = 5 * 60_000;

/** A new credential as the authenticator made it, ready to keep. */
export type NewCredential = Pick<PasskeyRecord, 'id' | 'publicKey' | 'counter' | 'transports' | 'deviceType' | 'backedUp'>;

/**
 * WebAuthn's relying party (with @simplewebauthn/server): its ID is the
 * host name of the portal's address (portal.public-url) and the only origin
 * it accepts is that address's, so a passkey made for this portal works
 * nowhere else and an answer made for another site is refused here.
 */
export class RelyingParty {
  constructor(
    /** The portal's address, e.g. https://mc.example.org/ (read at each use: known once the API listens). */
    private readonly portalAddress: () => string,
    private readonly name = 'Gatehouse',
  ) {}

  /** The RP ID and origin; 409 passkeys_unavailable where the portal's address is an IP address, which WebAuthn does not accept as an ID. */
  where(): { id: string; origin: string } {
    const url = new URL(this.portalAddress());
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0) {
      throw new ApiError(
        409,
        `Passkeys need the portal to be reached by a name, not the address ${host}: set portal.public-url (for example https://mc.example.org or http://localhost:${url.port || 80})`,
        'passkeys_unavailable',
      );
    }
    return { id: host, origin: url.origin };
  }

  /** A discoverable credential (resident key) is asked for, so the passkey can later log in with no name typed. */
  registrationOptions(user: UserRecord, existing: PasskeyRecord[]): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return generateRegistrationOptions({
      rpName: this.name,
      rpID: this.where().id,
      userName: user.username,
      userDisplayName: `${user.username} (${user.gameUsername})`,
      userID: userHandleOf(user.id),
      attestationType: 'none',
      timeout: ceremonyMs,
      excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  }

  /** The new credential, or 400 invalid_passkey when the browser's answer does not prove one for this challenge and origin. */
  async verifyRegistration(response: RegistrationResponseJSON, challenge: string): Promise<NewCredential> {
    const where = this.where();
    const result = await refusedAs400(() =>
      verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: where.origin, expectedRPID: where.id, requireUserVerification: false }),
    );
    if (!result.verified) throw invalidPasskey('The passkey could not be verified');
    const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  }

  /** Options of an assertion: for these passkeys (a second factor), or any of this site's (a passwordless login, which must verify the person). */
  authenticationOptions(allowed: PasskeyRecord[] | 'any'): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({
      rpID: this.where().id,
      timeout: ceremonyMs,
      userVerification: allowed === 'any' ? 'required' : 'preferred',
      ...(allowed === 'any' ? {} : { allowCredentials: allowed.map((passkey) => ({ id: passkey.id, transports: passkey.transports })) }),
    });
  }

  /** The passkey's new signature counter, or 401 invalid_passkey. */
  async verifyAuthentication(response: AuthenticationResponseJSON, challenge: string, passkey: PasskeyRecord, requireUserVerification: boolean): Promise<number> {
    const where = this.where();
    const result = await refusedAs400(() =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: where.origin,
        expectedRPID: where.id,
        credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports },
        requireUserVerification,
      }),
    ).catch((error: unknown) => {
      throw error instanceof ApiError ? new ApiError(401, error.message, 'invalid_passkey') : error;
    });
    if (!result.verified) throw new ApiError(401, 'The passkey could not be verified', 'invalid_passkey');
    return result.authenticationInfo.newCounter;
  }
}

/**
 * The challenges this server gives: base64url, as @simplewebauthn makes them
 * (43 letters for 32 random bytes). Anything else in a client's data names
 * none, and is never looked up (PostgreSQL cannot even be asked for a NUL).
 */
const givenChallenge = /^[A-Za-z0-9_-]{1,256}$/;

/** The challenge a browser's answer was made for (from its client data), or undefined when the answer carries none this server could have given. */
export function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | undefined {
  const encoded = response.response?.clientDataJSON;
  if (typeof encoded !== 'string' || encoded.length > 4096) return undefined;
  try {
    const challenge = (JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && givenChallenge.test(challenge) ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The user handle a passkey carries: the account's id, which says nothing about the person. */
export function userHandleOf(userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(String(userId), 'utf8'));
}

const invalidPasskey = (message: string) => badRequest(message, 'invalid_passkey');

/** The library throws on a malformed answer (bad CBOR, a wrong origin...): that is the client's mistake, told as 400, never a 500. */
async function refusedAs400<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (error) {
    throw invalidPasskey(`The passkey's answer was refused: ${(error as Error).message}`);
  }
}
