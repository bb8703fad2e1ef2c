/**
 * The OpenID Connect provider: oidc-provider, configured. Every protocol step
 * (discovery, JWKS, authorization with PKCE, tokens, refresh, userinfo,
 * revocation, RP-initiated logout) is the library's; this file says which
 * are on, where records go (./adapter.ts), which claims each scope opens,
 * who an account is (./subjects.ts) and where the person signs in and
 * consents (the portal's /sign-in page).
 */
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { UserRecord } from '../../store/port.js';
import type { AdapterClass } from './adapter.js';
import { logoutSource, postLogoutSuccessSource, renderError } from './pages.js';
import type { KeySet } from './signing-keys.js';

/** Each scope a client may be allowed, with the claims it opens. */
export const scopeClaims = {
  openid: ['sub'],
  profile: ['name', 'preferred_username'],
  minecraft: ['minecraft_name', 'minecraft_uuid'],
  operator: ['minecraft_operator'],
  whitelist: ['minecraft_whitelisted'],
  email: ['email', 'email_verified'],
} as const;

export const offlineAccess = 'offline_access';
export const knownScopes = [...Object.keys(scopeClaims), offlineAccess];

export interface AccountClaims {
  name: string;
  preferred_username: string;
  minecraft_name: string;
  minecraft_uuid: string;
  minecraft_operator: boolean;
  minecraft_whitelisted: boolean;
  email?: string;
  email_verified?: boolean;
}

export interface ProviderParts {
  issuer: string;
  adapter: AdapterClass;
  keys: KeySet;
  /** The account a `sub` names, or none (deleted). */
  account(sub: string): Promise<UserRecord | undefined>;
  /** The claims of the account now (operator and whitelist asked of the game at each token). */
  claims(user: UserRecord): Promise<AccountClaims>;
  /** The portal's page a person signs in and consents on. */
  signInPage(uid: string): string;
  /** Behind trusted proxies: their X-Forwarded-* headers say the address asked. */
  behindProxy: boolean;
  ttl: { accessTokenSeconds: number; refreshTokenDays: number; sessionDays: number };
}

export function createProvider(parts: ProviderParts): Provider {
  const day = 86_400;
  const configuration: Configuration = {
    adapter: parts.adapter,
    clients: [],
    jwks: { keys: parts.keys.jwks as never },
    cookies: { keys: parts.keys.cookieKeys },
    claims: Object.fromEntries(Object.entries(scopeClaims).map(([scope, claims]) => [scope, [...claims]])),
    scopes: knownScopes,
    // Scope claims in the ID token itself, so a relying party needs no userinfo call to know who signed in.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const user = await parts.account(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => {
          const claims = await parts.claims(user);
          return { sub, ...claims };
        },
      };
    },
    interactions: { url: (_ctx, interaction) => parts.signInPage(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      // A client revokes its own tokens only (another's are left as they are, and the answer says nothing of them, RFC 7009 §2.2).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    // PKCE for every client, public or confidential (OAuth 2.1), with S256 only.
    pkce: { required: () => true },
    // A client allowed the refresh_token grant gets a refresh token; its scope stays what was consented to.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    renderError: (ctx, out) => renderError(ctx as KoaContextWithOIDC, out),
    // A browser client's calls to the token endpoint from the origin of one of its redirect URIs.
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    ttl: {
      AccessToken: parts.ttl.accessTokenSeconds,
      AuthorizationCode: 60,
      IdToken: parts.ttl.accessTokenSeconds,
      Interaction: 3600,
      Grant: parts.ttl.refreshTokenDays * day,
      Session: parts.ttl.sessionDays * day,
      RefreshToken: parts.ttl.refreshTokenDays * day,
    },
  };
  const provider = new Provider(parts.issuer, configuration);
  provider.proxy = parts.behindProxy;
  return provider;
}
