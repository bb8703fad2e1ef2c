/** Bodies and answers of the second factors' endpoints. */
import { type Schema, t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';

export const passkeyObject = t.object({
  id: t.string({ description: 'The credential id (base64url).' }),
  name: t.string(),
  createdAt: timestamp,
  lastUsedAt: t.nullable(timestamp),
  synced: t.boolean({ description: 'Whether the authenticator said the passkey is backed up (synced between devices).' }),
});

export const statusAnswer = t.object({
  success: t.literal(true),
  totp: t.object({ enabled: t.boolean(), recoveryCodesLeft: t.integer({ description: 'Unused recovery codes.' }) }),
  passkeys: t.array(passkeyObject),
  requiredForAdmins: t.boolean({ description: 'accounts.require-second-factor-for-admins.' }),
  heldAtSetUp: t.boolean({ description: 'True for an operator without a second factor while the owner requires one: every admin route answers 403 second_factor_required.' }),
});

export const totpStartAnswer = t.object({
  success: t.literal(true),
  secret: t.string({ description: 'Base32, for an app that takes the key typed in.' }),
  uri: t.string({ description: 'The otpauth:// address a QR code carries.' }),
});

const code = t.string({ minLength: 1, maxLength: 64, example: '123456' });
const password = t.string({ minLength: 1, maxLength: 1024 });
const passkeyName = t.string({ minLength: 1, maxLength: 64, pattern: '\\S', 'x-message': 'must be 1 to 64 characters, not only spaces', example: 'Phone' });

export const totpConfirmBody = t.object({ code }, { additionalProperties: true });
export const passwordBody = t.object({ password }, { additionalProperties: true });
export const recoveryCodesAnswer = t.object({
  success: t.literal(true),
  recoveryCodes: t.array(t.string(), { description: 'Ten codes, each usable once in place of an app code; shown this once and kept only hashed.' }),
});

/** base64url text of a WebAuthn answer's parts. */
const encoded = (maxLength: number) => t.string({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]*={0,2}$', 'x-message': 'must be base64url' });

/** A browser's PublicKeyCredential as JSON (what @simplewebauthn/browser answers, field for field); the library checks what it says. */
function credentialResponse<R extends Record<string, Schema<unknown>>>(response: R, description: string) {
  return t.object(
    {
      id: encoded(1024),
      rawId: encoded(1024),
      type: t.literal('public-key'),
      response: t.object({ clientDataJSON: encoded(4096), ...response }),
      clientExtensionResults: t.optional(t.unknown({ description: 'The extensions the browser ran, if any (an object).' })),
      authenticatorAttachment: t.optional(t.enum(['platform', 'cross-platform'] as const)),
    },
    { description },
  );
}
export const registrationResponse = credentialResponse(
  {
    attestationObject: encoded(16_384),
    authenticatorData: t.optional(encoded(16_384)),
    transports: t.optional(t.array(t.string({ maxLength: 32 }), { maxItems: 8 })),
    publicKeyAlgorithm: t.optional(t.integer()),
    publicKey: t.optional(encoded(4096)),
  },
  "navigator.credentials.create()'s answer as JSON (startRegistration of @simplewebauthn/browser).",
);
export const authenticationResponse = credentialResponse(
  { authenticatorData: encoded(16_384), signature: encoded(1024), userHandle: t.optional(t.string({ maxLength: 1024 })) },
  "navigator.credentials.get()'s answer as JSON (startAuthentication of @simplewebauthn/browser).",
);

export const optionsAnswer = t.object({
  success: t.literal(true),
  options: t.unknown({ description: "WebAuthn options as JSON: give them to @simplewebauthn/browser's startRegistration or startAuthentication." }),
});

export const addPasskeyBody = t.object({ name: passkeyName, response: registrationResponse }, { additionalProperties: true });
export const renamePasskeyBody = t.object({ name: passkeyName }, { additionalProperties: true });
export const passkeyAnswer = t.object({ success: t.literal(true), passkey: passkeyObject });

export const ticketBody = t.object({ ticket: t.string({ minLength: 1, maxLength: 128 }) }, { additionalProperties: true });
export const secondFactorBody = t.object(
  {
    ticket: t.string({ minLength: 1, maxLength: 128, description: 'From the login answer.' }),
    code: t.optional(t.string({ minLength: 1, maxLength: 16, description: "The authenticator app's code now." })),
    recoveryCode: t.optional(code),
    passkey: t.optional(authenticationResponse),
  },
  { additionalProperties: true, description: 'The ticket and exactly one of code, recoveryCode, passkey.' },
);
export const passkeyLoginBody = t.object({ response: authenticationResponse }, { additionalProperties: true });

export const resetAnswer = t.object({
  success: t.literal(true),
  message: t.string(),
  removed: t.object({ totp: t.boolean(), recoveryCodes: t.integer(), passkeys: t.integer() }),
});
