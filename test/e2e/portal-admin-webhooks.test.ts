/**
 * The console's Webhooks page in Chromium: an admin subscribes a receiver on
 * 127.0.0.1 to a kind of event, keeps the secret the page shows once, and
 * the receiver verifies the delivery with it (the Standard Webhooks
 * library); the delivery log shows the delivery and its answer, "Send
 * again" sends it with the same webhook-id, and the subscription is removed
 * after a confirm step. axe-core and 375 px for this page are in
 * portal-admin.test.ts (adminPaths).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { eventually } from '../helpers/bots.js';
import { type HeadlessChromium, requireChromium, startChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { desktop, openPortal, phone, screenshotFor, unexpectedProblems } from '../helpers/portal.js';
import { adminAccount, logInThroughPortal } from '../helpers/portal-admin.js';

const serviceToken = 'portal-webhooks-service-token-0123456789';

describe('the console’s Webhooks page in Chromium, with a receiver on 127.0.0.1', function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let browser: HeadlessChromium;
  let receiver: Server;
  const posts: Array<{ text: string; headers: IncomingHttpHeaders }> = [];

  before(async function () {
    requireChromium(this);
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
    });
    browser = await startChromium();
    receiver = createServer((request, response) => {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        posts.push({ text, headers: request.headers });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  after(async function () {
    receiver?.closeAllConnections();
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('subscribes a URL to a kind, shows its secret once, logs the delivery the receiver verifies, sends it again with the same id, and removes the subscription', async function () {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const admin = await adminAccount(server, 'hooker', 'Hooker', 'hook-pass-1');
    const { page, problems } = await openPortal(browser, server.baseUrl, '/login', desktop);
    await logInThroughPortal(page, server.baseUrl, admin, '/admin/webhooks');
    await page.getByText('No webhook yet.').waitFor();

    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Subscribe a URL' }) });
    await form.getByLabel('URL', { exact: true }).fill(url);
    await form.getByLabel('Description').fill('<b>the bot</b>');
    await form.getByLabel('message.sent').check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const secretField = form.getByLabel(`Signing secret of the webhook to ${url}`);
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).to.match(/^whsec_/);
    const subscriptions = page.locator('table', { has: page.locator('th', { hasText: 'Kinds' }) });
    await subscriptions.getByText(url).waitFor();
    // Hostile text is shown as text.
    expect(await subscriptions.locator('b').count()).to.equal(0);
    expect(await subscriptions.textContent()).to.include('<b>the bot</b>');

    expect((await api(server.baseUrl, 'POST', '/api/admin/messages', { token: serviceToken, body: { content: 'Webhooks from the console' } })).status).to.equal(201);
    await eventually(() => (posts.length === 1 ? true : undefined), 5000, 'the delivery at the receiver');
    const event = new Webhook(secret).verify(posts[0]!.text, posts[0]!.headers as Record<string, string>) as { type: string; data: { content: string } };
    expect(event).to.deep.include({ type: 'message.sent' });
    expect(event.data.content).to.equal('Webhooks from the console');

    // The log shows it delivered with the receiver's answer (read again every 10 s; choosing a state reads it now).
    await page.getByLabel('State').selectOption('delivered');
    const log = page.getByTestId('deliveries');
    await eventually(async () => ((await log.textContent())?.includes('message.sent') ? true : undefined), 12_000, 'the delivery in the log');
    expect(await log.textContent()).to.include('204');
    await page.setViewportSize(phone);
    await screenshotFor(page, 'admin-webhooks-phone');
    await page.setViewportSize(desktop);
    await log
      .getByRole('button', { name: /^Send delivery \d+ again$/ })
      .first()
      .click();
    await page.getByText(/is sent again now, with the same webhook-id/).waitFor();
    await eventually(() => (posts.length === 2 ? true : undefined), 5000, 'the delivery sent again');
    expect(posts[1]!.headers['webhook-id']).to.equal(posts[0]!.headers['webhook-id']);

    await subscriptions.getByRole('button', { name: `Remove the webhook to ${url}` }).click();
    await page.getByRole('button', { name: 'Yes, remove it' }).click();
    await page.getByText('No webhook yet.').waitFor();
    expect((await api(server.baseUrl, 'GET', '/api/admin/webhooks', { token: serviceToken })).body.webhooks).to.deep.equal([]);
    expect(unexpectedProblems(problems)).to.deep.equal([]);
  });
});
