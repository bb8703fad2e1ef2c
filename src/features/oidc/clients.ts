/**
 * The clients admins register: each is kept as the metadata oidc-provider
 * reads through its adapter (model `Client`), so the provider of every
 * instance finds a new client, and stops finding a removed one, at its next
 * request; who registered it and when are kept beside it (`ClientInfo`).
 * A confidential client's secret is made here and shown once.
 */
import { randomBytes } from 'node:crypto';
import { badRequest, notFound } from '../../errors.js';
import { knownScopes } from './provider.js';
import type { OidcStore } from './store.js';

export type ClientType = 'confidential' | 'public';

export interface NewClient {
  name: string;
  type: ClientType;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  scopes: string[];
}

export interface ClientView {
  id: string;
  name: string;
  type: ClientType;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  scopes: string[];
  createdBy: string;
  createdAt: string;
}

interface ClientInfo {
  createdBy: string;
  createdAt: string;
}

/** The metadata oidc-provider reads (its own field names). */
interface ClientMetadata {
  client_id: string;
  client_secret?: string;
  client_name: string;
  token_endpoint_auth_method: 'client_secret_basic' | 'none';
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  scope: string;
}

const noIndex = { grantId: null, uid: null, userCode: null, expiresAt: null };

/** A redirect URI a browser can be sent to: https, or http on this machine (a developer's own relying party); no fragment. */
function checkRedirectUri(uri: string, field: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw badRequest(`${field}: "${uri}" is not an absolute URL`, 'invalid_redirect_uri');
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    throw badRequest(`${field}: "${uri}" must be https (http only on localhost or 127.0.0.1)`, 'invalid_redirect_uri');
  if (url.hash) throw badRequest(`${field}: "${uri}" must not have a fragment (#...)`, 'invalid_redirect_uri');
}

export class OidcClients {
  constructor(
    private readonly store: OidcStore,
    private readonly now: () => Date,
  ) {}

  async create(input: NewClient, createdBy: string): Promise<{ client: ClientView; secret: string | null }> {
    for (const uri of input.redirectUris) checkRedirectUri(uri, 'redirectUris');
    for (const uri of input.postLogoutRedirectUris ?? []) checkRedirectUri(uri, 'postLogoutRedirectUris');
    const unknown = input.scopes.filter((scope) => !knownScopes.includes(scope));
    if (unknown.length > 0) throw badRequest(`scopes: ${unknown.join(', ')} not known (known: ${knownScopes.join(', ')})`, 'invalid_scope');
    const id = `gh_${randomBytes(12).toString('base64url')}`;
    const secret = input.type === 'confidential' ? randomBytes(32).toString('base64url') : null;
    const scopes = [...new Set(['openid', ...input.scopes])];
    const metadata: ClientMetadata = {
      client_id: id,
      ...(secret ? { client_secret: secret } : {}),
      client_name: input.name,
      token_endpoint_auth_method: secret ? 'client_secret_basic' : 'none',
      redirect_uris: input.redirectUris,
      post_logout_redirect_uris: input.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: scopes.join(' '),
    };
    const info: ClientInfo = { createdBy, createdAt: this.now().toISOString() };
    await this.store.put({ model: 'ClientInfo', id, payload: { ...info }, ...noIndex });
    await this.store.put({ model: 'Client', id, payload: { ...metadata }, ...noIndex });
    return { client: viewOf(metadata, info), secret };
  }

  async list(): Promise<ClientView[]> {
    const infos = new Map((await this.store.list('ClientInfo')).map((record) => [record.id, record.payload as unknown as ClientInfo]));
    return (await this.store.list('Client')).map((record) => viewOf(record.payload as unknown as ClientMetadata, infos.get(record.id)));
  }

  async get(id: string): Promise<ClientView> {
    const at = this.now().toISOString();
    const found = await this.store.find('Client', id, at);
    if (!found) throw notFound(`No client ${id}`, 'client_not_found');
    const info = await this.store.find('ClientInfo', id, at);
    return viewOf(found.payload as unknown as ClientMetadata, info?.payload as ClientInfo | undefined);
  }

  /** Removes the client: the provider refuses it from its next request on, and its tokens with it. */
  async remove(id: string): Promise<ClientView> {
    const client = await this.get(id);
    await this.store.remove('Client', id);
    await this.store.remove('ClientInfo', id);
    return client;
  }
}

function viewOf(metadata: ClientMetadata, info: ClientInfo | undefined): ClientView {
  return {
    id: metadata.client_id,
    name: metadata.client_name,
    type: metadata.token_endpoint_auth_method === 'none' ? 'public' : 'confidential',
    redirectUris: metadata.redirect_uris,
    postLogoutRedirectUris: metadata.post_logout_redirect_uris ?? [],
    scopes: metadata.scope.split(' '),
    createdBy: info?.createdBy ?? '',
    createdAt: info?.createdAt ?? '',
  };
}
