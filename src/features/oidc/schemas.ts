/** The provider's API: clients admins register, and the portal's questions about a sign-in waiting for the person. */
import { t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';
import { knownScopes } from './provider.js';

const uri = t.string({ minLength: 1, maxLength: 2000 });

export const createClientBody = t.object({
  name: t.string({ minLength: 1, maxLength: 100, description: 'Shown to players on the consent page.' }),
  type: t.enum(['confidential', 'public'] as const, {
    description: 'confidential: a server that keeps a secret (client_secret_basic); public: a browser or phone app, with no secret (PKCE is required of every client).',
  }),
  redirectUris: t.array(uri, { minItems: 1, maxItems: 20, description: 'https, or http on localhost or 127.0.0.1; matched exactly.' }),
  postLogoutRedirectUris: t.optional(t.array(uri, { maxItems: 20 })),
  scopes: t.array(t.enum(knownScopes as unknown as readonly [string, ...string[]]), {
    maxItems: 20,
    description: 'The scopes it may ask for (openid always): profile, minecraft (name and UUID), operator, whitelist, email, offline_access.',
  }),
});

export const clientObject = t.object({
  id: t.string({ description: 'The client_id.', example: 'gh_q3Vd2kX9aPz1mN0b' }),
  name: t.string(),
  type: t.enum(['confidential', 'public'] as const),
  redirectUris: t.array(t.string()),
  postLogoutRedirectUris: t.array(t.string()),
  scopes: t.array(t.string()),
  createdBy: t.string(),
  createdAt: timestamp,
});

export const clientListAnswer = t.object({
  success: t.literal(true),
  clients: t.array(clientObject),
  issuer: t.string({ description: "The provider's issuer (discovery at <issuer>/.well-known/openid-configuration)." }),
});
export const oneClientAnswer = t.object({ success: t.literal(true), client: clientObject });
export const clientWithSecretAnswer = t.object({
  success: t.literal(true),
  client: clientObject,
  secret: t.nullable(t.string({ description: 'The client_secret of a confidential client, in this answer only; null for a public client.' })),
});

export const pendingSignInAnswer = t.object({
  success: t.literal(true),
  uid: t.string(),
  client: t.object({ id: t.string(), name: t.string() }),
  scopes: t.array(t.string(), { description: 'What the site asks for (and may have).' }),
});

export const decisionBody = t.object({ allow: t.boolean({ description: 'true: sign in to the site as this account; false: refuse (the site is told access_denied).' }) });
export const decisionAnswer = t.object({ success: t.literal(true), returnTo: t.string({ description: 'Where the browser goes next to finish the sign-in.' }) });
