/**
 * "Sign in with Minecraft" on a network: two Gatehouse instances on one
 * PostgreSQL database are one provider. Both publish the same issuer (the
 * network's portal.public-url) and keys; a client registered on one is
 * known to the other; a sign-in started on one is finished, its code
 * redeemed and its token refreshed on the other; and a restart of both
 * loses none of it.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import * as client from 'openid-client';
import { registeredUser } from '../helpers/accounts.js';
import { freePort } from '../helpers/free-port.js';
import { temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { startNetworkInstance } from '../helpers/network.js';
import { registerClient, signInWithoutBrowser, startSignIn } from '../helpers/oidc.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const serviceToken = 'oidc-network-service-token-for-tests-0123456789abcdef';
const redirectUri = 'http://127.0.0.1:9/callback';

describe('the OpenID Connect provider on a network of servers', function () {
  this.timeout(120_000);
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  let publicUrl: string;
  let survival: TestGatehouse;
  let creative: TestGatehouse;

  const start = (server: string) =>
    startNetworkInstance({ directory, postgres, prefix }, server, (config) => {
      config.token = serviceToken;
      config.portal.publicUrl = publicUrl;
    });

  before(async function () {
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('oidc_network');
    directory = await temporaryDirectory('gatehouse-oidc-network-');
    // The address players use (a proxy in front of the network, not needed here): the one issuer of both.
    publicUrl = `http://127.0.0.1:${await freePort()}/`;
    // At once, as a network starts: the keys both make are one set.
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
  });
  after(async function () {
    await Promise.all([survival?.stop(), creative?.stop()]);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  /** openid-client with the provider's metadata as one instance serves it, its token requests sent to `tokens` (another instance). */
  async function relyingPartyAcross(authorizations: TestGatehouse, tokens: TestGatehouse, id: string, secret: string): Promise<client.Configuration> {
    const metadata = await (await fetch(`${authorizations.baseUrl}/oidc/.well-known/openid-configuration`)).json();
    const config = new client.Configuration(
      { ...metadata, token_endpoint: `${tokens.baseUrl}/oidc/token`, jwks_uri: `${tokens.baseUrl}/oidc/jwks` },
      id,
      undefined,
      client.ClientSecretBasic(secret),
    );
    client.allowInsecureRequests(config);
    client.enableNonRepudiationChecks(config);
    return config;
  }

  it('is one issuer with one set of keys and clients: a sign-in begun on one instance is redeemed and refreshed on the other, across a restart of both', async function () {
    const issuer = `${publicUrl}oidc`;
    const documents = await Promise.all([survival, creative].map(async (server) => (await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`)).json()));
    expect(documents.map((document) => document.issuer)).to.deep.equal([issuer, issuer]);
    const keys = await Promise.all([survival, creative].map(async (server) => (await fetch(`${server.baseUrl}/oidc/jwks`)).json()));
    expect(keys[0]).to.deep.equal(keys[1]);

    const token = await registeredUser(survival.gatehouse, survival.baseUrl, 'drifter', 'Drifter');
    const registered = await registerClient(creative.baseUrl, serviceToken, {
      name: 'Network map',
      type: 'confidential',
      redirectUris: [redirectUri],
      scopes: ['minecraft', 'offline_access'],
    });
    const config = await relyingPartyAcross(survival, creative, registered.id, registered.secret!);
    const started = await startSignIn(config, redirectUri, 'openid minecraft offline_access');
    expect(started.url.origin).to.equal(new URL(survival.baseUrl).origin);
    const back = await signInWithoutBrowser(survival.baseUrl, started.url, token, redirectUri);
    const tokens = await client.authorizationCodeGrant(config, back, { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce });
    expect(tokens.claims()).to.include({ iss: issuer, aud: registered.id, minecraft_name: 'Drifter' });

    // Both stop and start again: the refresh token, the client and the keys are all in the database.
    await Promise.all([survival.stop(), creative.stop()]);
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
    const afterRestart = await relyingPartyAcross(creative, survival, registered.id, registered.secret!);
    const refreshed = await client.refreshTokenGrant(afterRestart, tokens.refresh_token!);
    expect(refreshed.claims()).to.include({ iss: issuer, sub: tokens.claims()!.sub, minecraft_name: 'Drifter' });
    expect(survival.errors.concat(creative.errors)).to.deep.equal([]);
  });
});
