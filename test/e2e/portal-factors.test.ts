/**
 * Second factors in real Chromium, on a Gatehouse whose portal is reached
 * at http://localhost:<port> (portal.public-url; a secure context, and a
 * name WebAuthn accepts as the relying party's ID): a player sets up an
 * authenticator app by scanning nothing (the test reads the secret off the
 * page and computes the codes with otpauth), keeps the recovery codes, and
 * logs in with a code; another registers a passkey through Chromium's
 * virtual authenticator (the DevTools protocol's WebAuthn domain) and logs
 * in with it alone and as the second step after the password; an admin is
 * held at the set-up page while the owner requires a factor, until one is
 * set up, then resets the player's factors from the Users page.
 */
import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { codeFor } from '../helpers/accounts.js';
import { requireChromium, startChromium, type HeadlessChromium } from '../helpers/chromium.js';
import { freePort } from '../helpers/free-port.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { adminAccount } from '../helpers/portal-admin.js';
import { openPortal, phone, screenshotFor, seriousAxeFindings, settled, unexpectedProblems, type PortalPage } from '../helpers/portal.js';

const password = 'portal-pass-1';

const codeAt = (secret: string, steps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

describe('second factors in Chromium: an authenticator app, passkeys, and an admin held at the set-up', function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let browser: HeadlessChromium;
  let base: string;
  const opened: PortalPage[] = [];

  const register = async (username: string, player: string) => {
    const code = await codeFor(server.gatehouse, player);
    const answer = await api(base, 'POST', '/api/auth/register', { body: { username, password, email: `${username}@example.com`, code } });
    expect(answer.status).to.equal(201);
  };
  const open = async (path: string, viewport = phone) => {
    const portal = await openPortal(browser, base, path, viewport);
    opened.push(portal);
    return portal;
  };
  const logInWithPassword = async (page: Page, username: string, next = '/account') => {
    await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  };
  /** Logs out of a page that has loaded, as a person would: a read still in flight when the session ends is refused (401), and the browser logs it. */
  const logOut = async (page: Page) => {
    await settled(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  };
  /** Sets up the app on the open security page as a person would, typing the code of the step `steps` away; the recovery codes shown. */
  const setUpApp = async (page: Page, steps: number) => {
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await screenshotFor(page, 'factors-app-set-up');
    await page.getByLabel('Code from the app').fill(codeAt(secret, steps));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    const codes = (await page.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((code) => code.trim());
    return { secret, codes };
  };

  before(async function () {
    requireChromium(this);
    const port = await freePort();
    server = await startTestGatehouse((config) => {
      config.port = port;
      config.portal.publicUrl = `http://localhost:${port}`;
      config.accounts.requireSecondFactorForAdmins = true;
    });
    base = `http://localhost:${port}`;
    browser = await startChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    for (const portal of opened.splice(0)) await portal.page.close();
  });

  it('sets up an authenticator app (QR code, key as text, first code, recovery codes shown once) and logs in with its code after the password', async function () {
    await register('tess', 'Tess');
    const { page, problems } = await open('/login');
    await logInWithPassword(page, 'tess', '/account/security');
    await page.getByRole('heading', { name: 'Sign-in security' }).waitFor();
    const { secret, codes } = await setUpApp(page, -1);
    expect(codes).to.have.length(10);
    for (const code of codes) expect(code).to.match(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    expect(await page.getByRole('link', { name: 'Download the codes' }).getAttribute('download')).to.equal('gatehouse-recovery-codes.txt');
    expect(await seriousAxeFindings(page), 'the recovery codes').to.deep.equal([]);
    await screenshotFor(page, 'factors-recovery-codes');
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByTestId('totp-on').filter({ hasText: 'Recovery codes left: 10' }).waitFor();

    await logOut(page);
    await logInWithPassword(page, 'tess');
    await page.getByRole('heading', { name: 'Log in: second step' }).waitFor();
    expect(await seriousAxeFindings(page), 'the second step').to.deep.equal([]);
    await screenshotFor(page, 'factors-second-step');
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.locator('.field-error').filter({ hasText: 'not right' }).waitFor();
    await page.getByLabel('Code from your authenticator app').fill(codeAt(secret, 0));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/account');

    // A recovery code in place of the app, once.
    await logOut(page);
    await logInWithPassword(page, 'tess');
    await page.getByRole('button', { name: /use a recovery code/ }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    expect(unexpectedProblems(problems, [401])).to.deep.equal([]);
  });

  it('registers a passkey through the virtual authenticator, logs in with it alone, and uses it as the second step', async function () {
    await register('pia', 'Pia');
    const { page, problems } = await open('/login');
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    await logInWithPassword(page, 'pia', '/account/security');
    await page.getByRole('heading', { name: 'Sign-in security' }).waitFor();
    await page.getByLabel('Name of the new passkey').fill('Laptop <b>lid</b>');
    await page.getByRole('button', { name: 'Register a passkey' }).click();
    await page.getByTestId('passkeys').getByText('Laptop <b>lid</b>', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Rename Laptop <b>lid</b>' }).click();
    await page.getByLabel('New name for Laptop <b>lid</b>').fill('Laptop');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.getByTestId('passkeys').getByText('Laptop', { exact: true }).waitFor();
    expect(await seriousAxeFindings(page), 'the passkeys').to.deep.equal([]);
    await screenshotFor(page, 'factors-passkeys');

    await logOut(page);
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    expect(await page.locator('header .who').textContent()).to.contain('Pia');

    await logOut(page);
    await logInWithPassword(page, 'pia');
    await page.getByRole('heading', { name: 'Log in: second step' }).waitFor();
    expect(await page.getByLabel('Code from your authenticator app').count(), 'no app is set up').to.equal(0);
    // The page's token is in its memory only: read from a request it sends.
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/me'));
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    const pageToken = (await sent).headers().authorization!.replace(/^Bearer /, '');
    const status = await api(base, 'GET', '/api/auth/factors', { token: pageToken });
    expect(status.body.passkeys).to.have.length(1);
    expect(status.body.passkeys[0].lastUsedAt).to.be.a('string');
    expect(unexpectedProblems(problems)).to.deep.equal([]);
  });

  it('holds an admin without a factor at the set-up page while the owner requires one, then opens the console and resets a player', async function () {
    const admin = await adminAccount(server, 'ada', 'Ada', password);
    const { page, problems } = await open('/login');
    await logInWithPassword(page, admin.username, '/admin/users');
    await page.getByTestId('held-at-set-up').waitFor();
    expect(await page.locator('#page-title').textContent()).to.equal('Sign-in security');
    await screenshotFor(page, 'factors-admin-held');
    await page.goto(`${base}/admin/audit`);
    await page.getByTestId('held-at-set-up').waitFor();
    expect(await page.getByRole('table').count(), 'no console page is drawn').to.equal(0);

    await setUpApp(page, -1);
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.goto(`${base}/admin/users`);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(await page.getByTestId('held-at-set-up').count()).to.equal(0);

    await page.getByRole('button', { name: 'Reset the second factors of tess' }).click();
    await page.getByRole('button', { name: 'Yes, reset them' }).click();
    await page.getByText('The second factors of tess were reset').waitFor();
    const login = await api(base, 'POST', '/api/auth/login', { body: { username: 'tess', password } });
    expect(login.body.token, 'tess logs in with the password alone').to.be.a('string');
    expect(unexpectedProblems(problems, [403])).to.deep.equal([]);
  });
});
