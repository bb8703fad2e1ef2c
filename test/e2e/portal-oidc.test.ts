/**
 * "Sign in with Minecraft" end to end: a relying party of openid-client (a
 * real one, not ours) on its own origin sends real Chromium to the provider;
 * the player logs in on the portal, allows the site on the portal's sign-in
 * page, and the client redeems the code for an ID token whose signature,
 * issuer, audience, nonce and claims openid-client verifies; it refreshes
 * (an operator deopped meanwhile has lost the operator claim) and signs the
 * player out through the provider's logout, after which its refresh token
 * no longer works.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import * as client from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { registeredUser } from '../helpers/accounts.js';
import { requireChromium, startChromium, type HeadlessChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { registerClient, relyingParty, startSignIn } from '../helpers/oidc.js';
import { openPortal, phone, screenshotFor, seriousAxeFindings } from '../helpers/portal.js';
import { adminAccount, logInThroughPortal } from '../helpers/portal-admin.js';

const serviceToken = 'portal-oidc-service-token-for-tests-0123456789abcdef';

describe('Sign in with Minecraft in Chromium: a real relying party, the portal’s login and consent, refresh and logout', function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let browser: HeadlessChromium;
  let site: http.Server;
  let siteOrigin: string;
  const otherBrowsers: HeadlessChromium[] = [];

  before(async function () {
    requireChromium(this);
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
    });
    browser = await startChromium();
    // The relying party's own origin: its pages only say where the browser came back to.
    site = http.createServer((request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!DOCTYPE html><title>Live map</title><p>${request.url?.split('?')[0]}</p>`),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    await registeredUser(server.gatehouse, server.baseUrl, 'marlin', 'Marlin', 'marlin-pass-1');
    await server.gatehouse.game.operators.setOperator('Marlin', true);
  });
  after(async function () {
    await browser?.close();
    for (const other of otherBrowsers) await other.close();
    site?.close();
    await server?.stop();
  });

  it('logs in on the portal, consents, gets a verified ID token, refreshes without the operator claim once deopped, and logs out', async function () {
    const registered = await registerClient(server.baseUrl, serviceToken, {
      name: 'Live map <b>&</b>',
      type: 'confidential',
      redirectUris: [`${siteOrigin}/callback`],
      postLogoutRedirectUris: [`${siteOrigin}/signed-out`],
      scopes: ['profile', 'minecraft', 'operator', 'whitelist'],
    });
    const config = await relyingParty(`${server.baseUrl}/oidc`, registered);
    const started = await startSignIn(config, `${siteOrigin}/callback`, 'openid profile minecraft operator');
    expect(started.url.origin).to.equal(server.baseUrl);

    const { page, problems } = await openPortal(browser, server.baseUrl, started.url.pathname + started.url.search, phone);
    page.setDefaultTimeout(15_000);
    // Not logged in: the provider sent the browser to the portal's sign-in page, which sends it to the login first.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).to.match(/^\/sign-in\?uid=/);
    await page.getByLabel('Username', { exact: true }).fill('marlin');
    await page.getByLabel('Password', { exact: true }).fill('marlin-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL((url) => url.pathname === '/sign-in');
    // The site's name, hostile as it is, shown as text once the sign-in is read.
    await page.getByRole('heading', { level: 1, name: 'Sign in to Live map <b>&</b>?', exact: true }).waitFor();
    const asks = await page.getByTestId('sign-in-scopes').locator('li').allTextContents();
    expect(asks).to.deep.equal(['your player name', 'your player name and UUID', 'whether you are an operator']);
    expect(await seriousAxeFindings(page)).to.deep.equal([]);
    await screenshotFor(page, 'oidc-sign-in-375');
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.waitForURL((url) => url.origin === siteOrigin && url.pathname === '/callback');
    const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    const claims = tokens.claims()!;
    expect(claims.iss).to.equal(`${server.baseUrl}/oidc`);
    expect(claims.aud).to.equal(registered.id);
    expect(claims.sub).not.to.equal('marlin');
    expect(claims).to.include({ name: 'Marlin', minecraft_name: 'Marlin', minecraft_operator: true });
    expect(claims.minecraft_uuid).to.equal((await server.gatehouse.store.users.findByUsername('marlin'))!.gameUuid);
    expect(claims).not.to.have.property('email');

    await server.gatehouse.game.operators.setOperator('Marlin', false);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.claims()).to.include({ sub: claims.sub, minecraft_operator: false });

    await page.goto(client.buildEndSessionUrl(config, { id_token_hint: refreshed.id_token!, post_logout_redirect_uri: `${siteOrigin}/signed-out`, state: 'bye' }).href);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((url) => url.origin === siteOrigin && url.pathname === '/signed-out');
    expect(new URL(page.url()).searchParams.get('state')).to.equal('bye');
    // The grant ended with the provider's session (no offline_access was asked for).
    try {
      await client.refreshTokenGrant(config, refreshed.refresh_token ?? tokens.refresh_token!);
      expect.fail('the refresh token still worked after the logout');
    } catch (error) {
      expect(error).to.be.instanceOf(client.ResponseBodyError);
      expect((error as client.ResponseBodyError).error).to.equal('invalid_grant');
    }
    expect(problems.filter((problem) => !problem.includes(siteOrigin))).to.deep.equal([]);
    expect(server.errors).to.deep.equal([]);
  });

  it('asks an account with an authenticator app for its code before the sign-in page, and sends the site access_denied when refused', async function () {
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'wren', 'Wren', 'wren-pass-1');
    const started = await api(server.baseUrl, 'POST', '/api/auth/factors/totp', { token });
    expect(started.status, JSON.stringify(started.body)).to.equal(200);
    const totp = new TOTP({ secret: Secret.fromBase32(started.body.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const confirmed = await api(server.baseUrl, 'POST', '/api/auth/factors/totp/confirm', { token, body: { code: totp.generate({ timestamp: Date.now() - 30_000 }) } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);

    const registered = await registerClient(server.baseUrl, serviceToken, { name: 'Wiki', type: 'public', redirectUris: [`${siteOrigin}/callback`], scopes: ['minecraft'] });
    const config = await relyingParty(`${server.baseUrl}/oidc`, registered);
    const signIn = await startSignIn(config, `${siteOrigin}/callback`, 'openid minecraft');
    // Another browser: the first one is still logged in to the portal as Marlin.
    const own = await startChromium();
    otherBrowsers.push(own);
    const { page, problems } = await openPortal(own, server.baseUrl, signIn.url.pathname + signIn.url.search);
    page.setDefaultTimeout(15_000);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Username', { exact: true }).fill('wren');
    await page.getByLabel('Password', { exact: true }).fill('wren-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    // The password alone does not reach the sign-in page.
    await page.getByRole('heading', { name: 'Log in: second step' }).waitFor();
    expect(new URL(page.url()).pathname).not.to.equal('/sign-in');
    await page.getByLabel('Code from your authenticator app').fill(totp.generate());
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByRole('heading', { name: 'Sign in to Wiki?' }).waitFor();
    await page.getByRole('button', { name: 'Refuse' }).click();
    await page.waitForURL((url) => url.origin === siteOrigin);
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).to.equal('access_denied');
    expect(back.searchParams.get('state')).to.equal(signIn.state);
    expect(problems.filter((problem) => !problem.includes(siteOrigin))).to.deep.equal([]);
  });

  it('registers a site on the console, its secret shown once, and removes it', async function () {
    const boss = await adminAccount(server, 'boss', 'Boss');
    const { page, problems } = await openPortal(browser, server.baseUrl, '/login');
    page.setDefaultTimeout(15_000);
    await logInThroughPortal(page, server.baseUrl, boss, '/admin/sign-in-sites');
    await page.getByLabel('Name', { exact: true }).fill('Status page');
    await page.getByLabel('Kind').selectOption('confidential');
    await page.getByLabel('Redirect URIs').fill('https://status.example.com/callback');
    await page.getByLabel('operator').check();
    await page.getByRole('button', { name: 'Register the site' }).click();
    await page.getByText('“Status page” registered').waitFor();
    const secret = await page.getByLabel('Client secret of “Status page”').inputValue();
    expect(secret).to.match(/^[A-Za-z0-9_-]{43}$/);
    const row = page.getByRole('row').filter({ hasText: 'Status page' });
    expect(await row.textContent()).to.contain('https://status.example.com/callback');
    expect(await row.textContent()).to.contain('operator');
    expect(await seriousAxeFindings(page)).to.deep.equal([]);
    await screenshotFor(page, 'oidc-console');
    await page.getByRole('button', { name: 'Remove Status page' }).click();
    await page.getByRole('button', { name: 'Yes, remove it' }).click();
    await page.getByText('“Status page” removed.').waitFor();
    const listed = await api(server.baseUrl, 'GET', '/api/admin/oidc/clients', { token: serviceToken });
    expect(listed.body.clients.map((c: { name: string }) => c.name)).not.to.include('Status page');
    const audit = await api(server.baseUrl, 'GET', '/api/admin/audit', { token: serviceToken });
    const actions = audit.body.entries
      .filter((entry: { action: string }) => entry.action.startsWith('oidc.client'))
      .map((entry: { action: string; actor: string }) => `${entry.actor} ${entry.action}`);
    expect(actions).to.include.members(['boss oidc.client.create', 'boss oidc.client.remove']);
    expect(problems).to.deep.equal([]);
    expect(server.errors).to.deep.equal([]);
  });
});
