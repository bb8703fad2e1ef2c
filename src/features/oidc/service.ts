/**
 * The provider's life in Gatehouse: built once the API listens (its issuer
 * is the API's own address), built again when its signing keys rotate here
 * or on another instance, and asked by the portal about a sign-in waiting
 * for the person (who they are comes from the portal's session, where the
 * account's second factor was already asked; the consent is theirs).
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { notFound, serviceUnavailable } from '../../errors.js';
import type { UserRecord } from '../../store/port.js';
import type { AdapterClass } from './adapter.js';
import { createProvider, type ProviderParts } from './provider.js';
import { currentKeys, type RotationPolicy } from './signing-keys.js';
import type { OidcStore } from './store.js';
import type { Subjects } from './subjects.js';

export interface PendingSignIn {
  uid: string;
  client: { id: string; name: string };
  /** The scopes the client asks for and may have. */
  scopes: string[];
}

export interface OidcSettings {
  rotation: RotationPolicy;
  ttl: ProviderParts['ttl'];
  behindProxy: boolean;
}

export class OidcService {
  readonly events = new EventEmitter<{ consented: [{ clientId: string; username: string; scopes: string[] }]; keysRotated: [{ kids: string }] }>();
  private provider: Provider | undefined;
  private fingerprint = '';
  private issuer = '';

  constructor(
    private readonly store: () => OidcStore,
    private readonly adapter: AdapterClass,
    private readonly subjects: Subjects,
    private readonly account: (sub: string) => Promise<UserRecord | undefined>,
    private readonly claims: ProviderParts['claims'],
    private readonly portalPage: (path: string) => string,
    private readonly settings: OidcSettings,
    private readonly now: () => Date,
  ) {}

  /** Builds the provider at `issuer`, or again when the stored keys changed (rotated here or by another instance). */
  async refresh(issuer: string): Promise<void> {
    const keys = await currentKeys(this.store(), this.settings.rotation, this.now());
    if (this.provider && keys.fingerprint === this.fingerprint && issuer === this.issuer) return;
    const rotated = this.provider !== undefined && keys.fingerprint !== this.fingerprint;
    this.provider = createProvider({
      issuer,
      adapter: this.adapter,
      keys,
      account: this.account,
      claims: this.claims,
      signInPage: (uid) => this.portalPage(`sign-in?uid=${encodeURIComponent(uid)}`),
      behindProxy: this.settings.behindProxy,
      ttl: this.settings.ttl,
    });
    this.fingerprint = keys.fingerprint;
    this.issuer = issuer;
    if (rotated) this.events.emit('keysRotated', { kids: keys.fingerprint });
  }

  /** Serves a request under the mount point (the path already without it). */
  async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!this.provider) {
      response.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'temporarily_unavailable', error_description: 'The provider is starting' }));
      return;
    }
    await this.provider.callback()(request, response);
  }

  private ready(): Provider {
    if (!this.provider) throw serviceUnavailable('The OpenID Connect provider is starting', 'oidc_starting');
    return this.provider;
  }

  private async interaction(uid: string) {
    const provider = this.ready();
    const interaction = await provider.Interaction.find(uid);
    if (!interaction) throw notFound('This sign-in is over or unknown: go back to the site you came from and sign in again', 'sign_in_not_found');
    const client = await provider.Client.find(String(interaction.params.client_id));
    if (!client) throw notFound('The site asking you to sign in is no longer registered', 'client_not_found');
    return { provider, interaction, client };
  }

  async pending(uid: string): Promise<PendingSignIn> {
    const { interaction, client } = await this.interaction(uid);
    const asked = String(interaction.params.scope ?? '').split(' ');
    const allowed = new Set(String(client.scope ?? '').split(' '));
    return { uid, client: { id: client.clientId, name: client.clientName ?? client.clientId }, scopes: asked.filter((scope) => allowed.has(scope)) };
  }

  /**
   * The person's answer: allowed, the sign-in goes on as their account with
   * the scopes asked (those the client may have); refused, the client is
   * told access_denied. Either way, the address the browser goes to next.
   */
  async decide(uid: string, user: UserRecord, allow: boolean): Promise<string> {
    const { provider, interaction, client } = await this.interaction(uid);
    const ttl = Math.max(1, interaction.exp - Math.floor(this.now().getTime() / 1000));
    if (!allow) {
      interaction.result = { error: 'access_denied', error_description: 'The player refused the sign-in' };
      await interaction.save(ttl);
      return interaction.returnTo;
    }
    const accountId = await this.subjects.of(user);
    const { scopes } = await this.pending(uid);
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing && existing.accountId === accountId ? existing : new provider.Grant({ accountId, clientId: client.clientId });
    grant.addOIDCScope(scopes.join(' '));
    const details = interaction.prompt.details as { missingOIDCClaims?: string[] };
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    const grantId = await grant.save();
    interaction.result = { login: { accountId }, consent: { grantId } };
    await interaction.save(ttl);
    this.events.emit('consented', { clientId: client.clientId, username: user.username, scopes });
    return interaction.returnTo;
  }
}
