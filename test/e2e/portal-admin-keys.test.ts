/**
 * The console's key and audit pages in Chromium, saying what is true: the
 * key list when only revoked keys are left, a key suspended because its
 * maker is no operator now (and why), and the audit log naming the acting
 * key by name and id.
 */
import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { runConsoleLine } from '../../src/console.js';
import { type HeadlessChromium, requireChromium, startChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { desktop, openPortal, phone, type PortalPage, seriousAxeFindings, unexpectedProblems, settled } from '../helpers/portal.js';
import { adminAccount, goInPortal, logInThroughPortal } from '../helpers/portal-admin.js';

const serviceToken = 'portal-keys-service-token-for-tests-0123456789abcdef';

describe('the console’s key and audit pages in Chromium', function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let browser: HeadlessChromium;
  let portal: PortalPage;
  let page: Page;
  const admin = { username: 'boss', password: 'admin-pass-1' };
  const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });
  /** The text of the key list's row for the key of this name. */
  const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  const look = async (name: string) => {
    await mkdir('build/screenshots', { recursive: true });
    await page.screenshot({ path: `build/screenshots/${name}.png`, fullPage: true });
  };

  before(async function () {
    requireChromium(this);
    server = await startTestGatehouse((config) => (config.token = serviceToken));
    browser = await startChromium();
    await adminAccount(server, admin.username, 'Boss', admin.password);
    portal = await openPortal(browser, server.baseUrl, '/login', desktop);
    page = portal.page;
    await logInThroughPortal(page, server.baseUrl, admin);
  });
  after(async function () {
    await browser?.close();
    await server?.stop();
  });

  it('says there is no active key, and how many are revoked, once the only key is revoked', async function () {
    const made = await asService('POST', '/api/admin/keys', { name: 'only key', scopes: ['players:read'] });
    await goInPortal(page, '/admin/keys');
    await rowOf('only key').waitFor();
    await rowOf('only key').getByRole('button', { name: 'Revoke only key' }).click();
    await page.getByRole('button', { name: 'Yes, revoke it' }).click();
    await page.getByText('Key “only key” revoked.').waitFor();
    await page.getByText('No active key; 1 revoked.').waitFor();
    expect(await page.getByText('No key yet.').count()).to.equal(0);
    await look('keys-only-revoked');
    await page.getByLabel('Show revoked keys too').check();
    await rowOf('only key').getByText('revoked', { exact: true }).waitFor();
    expect(made.status).to.equal(201);
    await page.getByLabel('Show revoked keys too').uncheck();
  });

  it('shows a key whose maker is no operator now as suspended, saying why, and as active again when they are', async function () {
    const chief = await adminAccount(server, 'chief', 'Chief', 'chief-pass-1');
    const chiefToken = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: chief })).body.token as string;
    const made = await api(server.baseUrl, 'POST', '/api/admin/keys', { token: chiefToken, body: { name: 'chief tools', scopes: ['settings:read'] } });
    expect(made.status).to.equal(201);
    expect(await runConsoleLine(server.gatehouse, 'deop Chief', () => undefined)).to.match(/no longer/);
    await goInPortal(page, '/admin/keys');
    await page.reload();
    const row = rowOf('chief tools');
    await row.waitFor();
    await row.getByText('suspended: Chief made it and is not an operator now').waitFor();
    await look('keys-suspended');
    expect(await seriousAxeFindings(page)).to.deep.equal([]);
    await runConsoleLine(server.gatehouse, 'op Chief', () => undefined);
    await page.reload();
    await rowOf('chief tools').getByText('active', { exact: true }).waitFor();
  });

  it('names the key that acted in the audit log by its name and id', async function () {
    const made = await asService('POST', '/api/admin/keys', { name: 'janitor', scopes: ['server:write'] });
    expect((await api(server.baseUrl, 'POST', '/api/cache/invalidate', { token: made.body.secret, body: {} })).status).to.equal(200);
    await goInPortal(page, '/admin/audit');
    const row = page.getByRole('row').filter({ hasText: 'cache.invalidate' }).first();
    await row.waitFor();
    await row.getByText(`key “janitor” (${made.body.key.id})`).waitFor();
    await look('audit-key');
    expect(await seriousAxeFindings(page)).to.deep.equal([]);
  });

  it('reads at a phone’s width with no sideways scroll', async function () {
    await page.setViewportSize(phone);
    for (const path of ['/admin/keys', '/admin/audit']) {
      await goInPortal(page, path);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${path} at 375 px`).to.equal(true);
      await look(`${path.slice(1).replace('/', '-')}-phone`);
    }
    expect(unexpectedProblems(portal.problems)).to.deep.equal([]);
  });
});
