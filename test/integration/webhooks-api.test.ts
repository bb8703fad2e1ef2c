/**
 * Signed webhooks over real HTTP: a receiver on 127.0.0.1 that keeps each
 * post's raw body and headers, so every signature is checked with the
 * Standard Webhooks library's own verifier; a receiver down for a minute
 * across a restart of Gatehouse; the admin routes, the delivery log and
 * "send again".
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { api, startTestGatehouse, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';

const serviceToken = 'webhooks-api-service-token-0123456789abcdef';

interface Post {
  text: string;
  headers: IncomingHttpHeaders;
  at: number;
  /** What the receiver answered. */
  status: number;
}

/** A receiver that can go down and come back on the same port; `status` answers each post. */
class Receiver {
  readonly posts: Post[] = [];
  status: (post: Omit<Post, 'status'>) => number = () => 204;
  private server: Server | undefined;
  port = 0;

  async up(): Promise<void> {
    this.server = createServer((request, response) => {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        const post = { text, headers: request.headers, at: Date.now() };
        const status = this.status(post);
        this.posts.push({ ...post, status });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** The posts the receiver took (answered 2xx), each verified with the library: their events. */
  verified(secret: string): Array<{ id: string; messageId: string; type: string; data: unknown }> {
    const verifier = new Webhook(secret);
    return this.posts
      .filter((post) => post.status < 300)
      .map((post) => {
        const event = verifier.verify(post.text, post.headers as Record<string, string>) as { id: string; type: string; data: unknown };
        return { ...event, messageId: String(post.headers['webhook-id']) };
      });
  }
}

async function until<T>(what: string, ms: number, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('signed webhooks (Standard Webhooks), against a receiver on 127.0.0.1', function () {
  this.timeout(150_000);
  let directory: string;
  let server: TestGatehouse | undefined;
  const receivers: Receiver[] = [];
  const start = async () => {
    server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.webhooks.retryMs = 500;
        config.webhooks.maxRetryMs = 4000;
        config.webhooks.maxAttempts = 100;
      },
      { dataDirectory: directory },
    );
    return server;
  };
  const asService = (method: string, path: string, body?: unknown) => api(server!.baseUrl, method, path, { token: serviceToken, body });
  const receiver = async () => {
    const made = new Receiver();
    receivers.push(made);
    await made.up();
    return made;
  };

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-webhooks-');
    await start();
  });
  afterEach(async function () {
    for (const made of receivers.splice(0)) await made.down();
    await server?.stop();
    server = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  it('gives a receiver that is down for a minute, across a restart of Gatehouse, every event once by id, in order, each signature verified with the library', async function () {
    const hook = await receiver();
    const subscribed = await asService('POST', '/api/admin/webhooks', {
      url: hook.url,
      types: ['message.sent', 'restart.scheduled', 'restart.cancelled'],
      description: 'the dashboard',
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).to.equal(201);
    const secret = subscribed.body.secret as string;
    expect(secret).to.match(/^whsec_/);
    await hook.down();
    const downAt = Date.now();

    for (let index = 1; index <= 8; index += 1) expect((await asService('POST', '/api/admin/messages', { content: `note ${index}` })).status).to.equal(201);
    expect((await asService('POST', '/api/admin/restart', { delay: 600, reason: 'update' })).status).to.equal(200);
    expect((await asService('DELETE', '/api/admin/restart')).status).to.equal(200);
    // Kinds it did not subscribe to are not sent.
    expect((await asService('POST', '/api/admin/settings', { whitelist: { autoApprove: true } })).status).to.equal(200);
    await until('the first tries failing', 10_000, async () => {
      const [first] = (await asService('GET', '/api/admin/webhooks/deliveries?state=pending&limit=200')).body.deliveries.slice(-1);
      return first?.attempts >= 2 ? true : undefined;
    });

    // Gatehouse stops and starts again while the receiver is still down: the queue and its retries are kept.
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    await server!.stop();
    await start();
    const waiting = (await asService('GET', '/api/admin/webhooks/deliveries?limit=200')).body;
    expect(waiting.deliveries, 'ten deliveries waiting after the restart').to.have.length(10);
    expect(waiting.deliveries.every((delivery: { state: string; lastStatus: number | null }) => delivery.state === 'pending' && delivery.lastStatus === null)).to.equal(true);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 60_000 - (Date.now() - downAt))));
    await hook.up();
    const upAt = Date.now();
    await until('every event at the receiver', 20_000, () => (hook.posts.length >= 10 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    console.log(`      down ${Math.round((upAt - downAt) / 1000)} s; the ten came ${hook.posts.at(-1)!.at - upAt} ms after it was up`);

    const events = hook.verified(secret);
    expect(events, 'each event once').to.have.length(10);
    expect(new Set(events.map((event) => event.messageId)).size).to.equal(10);
    expect(events.map((event) => event.messageId)).to.deep.equal(events.map((event) => `evt_${event.id}`));
    const ids = events.map((event) => Number(event.id));
    expect(ids, 'in the order they happened').to.deep.equal([...ids].sort((a, b) => a - b));
    expect(events.map((event) => event.type)).to.deep.equal([...Array(8).fill('message.sent'), 'restart.scheduled', 'restart.cancelled']);
    expect(events.slice(0, 8).map((event) => (event.data as { content: string }).content)).to.deep.equal(Array.from({ length: 8 }, (_, index) => `note ${index + 1}`));
    // A body altered on the way fails the library's verification.
    const tampered = hook.posts[0]!;
    expect(() => new Webhook(secret).verify(tampered.text.replace('note 1', 'note 9'), tampered.headers as Record<string, string>)).to.throw();

    const log = (await asService('GET', '/api/admin/webhooks/deliveries?limit=200')).body.deliveries as Array<{ state: string; attempts: number; lastStatus: number }>;
    expect(log.every((delivery) => delivery.state === 'delivered' && delivery.lastStatus === 204)).to.equal(true);
    expect(log.at(-1)!.attempts, 'the first was tried while the receiver was down').to.be.greaterThan(2);
  });

  it('lists, shows and removes subscriptions without their secret, logs each delivery with its answer, sends one again with the same webhook-id, and refuses what is not a subscription', async function () {
    const hook = await receiver();
    let refuseFirst = true;
    hook.status = () => {
      if (refuseFirst) {
        refuseFirst = false;
        return 503;
      }
      return 200;
    };
    const made = await asService('POST', '/api/admin/webhooks', { url: hook.url, types: ['*'] });
    expect(made.status).to.equal(201);
    const id = made.body.webhook.id as string;
    const listed = await asService('GET', '/api/admin/webhooks');
    expect(listed.body.webhooks).to.have.length(1);
    expect(JSON.stringify(listed.body)).to.not.include(made.body.secret);
    expect((await asService('GET', `/api/admin/webhooks/${id}`)).body.webhook).to.deep.include({ id, url: hook.url, types: ['*'], description: '', createdBy: 'service' });

    expect((await asService('POST', '/api/admin/messages', { content: 'hello hooks' })).status).to.equal(201);
    const delivered = await until('the delivery after a 503', 10_000, async () => {
      const [delivery] = (await asService('GET', `/api/admin/webhooks/deliveries?subscription=${id}&state=delivered`)).body.deliveries;
      return delivery;
    });
    expect(delivered).to.deep.include({ subscription: id, type: 'message.sent', state: 'delivered', attempts: 2, lastStatus: 200, lastError: null });
    expect(hook.posts.map((post) => post.headers['webhook-id'])).to.deep.equal([delivered.messageId, delivered.messageId]);

    const again = await asService('POST', `/api/admin/webhooks/deliveries/${delivered.id}/resend`);
    expect(again.status).to.equal(200);
    expect(again.body.delivery).to.deep.include({ state: 'pending', messageId: delivered.messageId });
    await until('the resend', 5000, () => (hook.posts.length === 3 ? true : undefined));
    expect(hook.posts[2]!.headers['webhook-id'], 'the same id, for the receiver to drop it').to.equal(delivered.messageId);
    expect(hook.verified(made.body.secret)).to.have.length(2);
    const audit = (await asService('GET', '/api/admin/audit')).body.entries.map((entry: { action: string }) => entry.action);
    expect(audit).to.include.members(['webhooks.subscribe', 'webhooks.resend']);

    // Refusals: a kind that does not exist, not a URL, an unknown subscription or delivery, a key without the scope.
    const unknownKind = await asService('POST', '/api/admin/webhooks', { url: hook.url, types: ['player.flew'] });
    expect(unknownKind.status).to.equal(400);
    expect(unknownKind.body).to.deep.include({ success: false, code: 'invalid_field' });
    expect((await asService('POST', '/api/admin/webhooks', { url: 'ftp://example.com/x', types: ['*'] })).body).to.deep.include({ code: 'invalid_field', field: 'url' });
    expect((await asService('GET', '/api/admin/webhooks/wh_nothere')).status).to.equal(404);
    expect((await asService('POST', '/api/admin/webhooks/deliveries/999999/resend')).status).to.equal(404);
    expect((await asService('POST', '/api/admin/webhooks/deliveries/x/resend')).status).to.equal(400);
    const key = await asService('POST', '/api/admin/keys', { name: 'hooks reader', scopes: ['webhooks:read'] });
    const asKey = (method: string, path: string, body?: unknown) => api(server!.baseUrl, method, path, { token: key.body.secret, body });
    expect((await asKey('GET', '/api/admin/webhooks')).status).to.equal(200);
    expect((await asKey('POST', '/api/admin/webhooks', { url: hook.url, types: ['*'] })).status).to.equal(403);
    expect((await asKey('GET', '/api/admin/webhooks')).body.webhooks).to.have.length(1);

    // The key's first use, from an address it had not been used from, is an event too, and this subscription takes every kind: it is sent before the removal (it raced the removal before this wait).
    await until('the key.new_address delivery, and none pending', 5000, async () => {
      const deliveries = (await asService('GET', `/api/admin/webhooks/deliveries?subscription=${id}`)).body.deliveries as Array<{ type: string; state: string }>;
      return deliveries.some((delivery) => delivery.type === 'key.new_address' && delivery.state === 'delivered') && deliveries.every((delivery) => delivery.state !== 'pending')
        ? true
        : undefined;
    });
    const sentBefore = hook.posts.length;
    expect(sentBefore).to.equal(4);
    expect((await asService('DELETE', `/api/admin/webhooks/${id}`)).status).to.equal(200);
    expect((await asService('GET', `/api/admin/webhooks/${id}`)).status).to.equal(404);
    expect((await asService('POST', '/api/admin/messages', { content: 'after the removal' })).status).to.equal(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hook.posts, 'nothing sent after the removal').to.have.length(sentBefore);
  });
});
