import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { ChatWebhook, type WebhookTarget, WebhookDeliveryError, WebhookNotConfiguredError } from '../../src/features/chat/webhook.js';
import { checkWebhookUrl, isPrivateAddress, WebhookAddressError } from '../../src/features/webhooks/address.js';
import { chatSubscription, WebhookService } from '../../src/features/webhooks/service.js';
import { webhooksPart } from '../../src/features/webhooks/store.js';
import { DeliveryWorker } from '../../src/features/webhooks/worker.js';
import { JsonStore } from '../../src/store/json/index.js';
import type { Store } from '../../src/store/port.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { implementationsOf } from '../helpers/store-implementations.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

interface ChatOptions {
  timeoutMs?: number;
  maxQueue?: number;
  maxAttempts?: number;
  backoffMs?: number;
  log?: (message: string) => void;
  /** Told each wait before a retry (the queue keeps the time of the next try). */
  waits?: number[];
  allowPrivateAddresses?: boolean;
}

describe('ChatWebhook (against a local receiver, through the webhooks delivery queue)', function () {
  const embed = (title: string) => ({ embeds: [{ title }] });
  const opened: Array<{ store: Store; worker: DeliveryWorker; directory: string }> = [];

  /** The chat webhook as Gatehouse makes it: its posts queued in the webhooks' store part, delivered by the worker with the chat's policy. */
  async function chatWebhook(target: () => WebhookTarget, options: ChatOptions = {}): Promise<ChatWebhook> {
    const directory = await temporaryDirectory('gatehouse-chat-');
    const store = await JsonStore.open(directory, { parts: implementationsOf(webhooksPart) });
    const part = () => store.part(webhooksPart);
    const log = options.log ?? (() => undefined);
    const worker = new DeliveryWorker(part, (delivery) => webhooks.policyOf(delivery), {
      server: 'main',
      timeoutMs: options.timeoutMs ?? 5000,
      allowPrivateAddresses: options.allowPrivateAddresses ?? false,
      now: () => new Date(),
      log,
    });
    const webhooks: WebhookService = new WebhookService(part, worker, {
      server: 'main',
      eventTypes: [],
      retry: { firstMs: 1000, maxMs: 60_000, maxAttempts: 4 },
      allowPrivateAddresses: options.allowPrivateAddresses ?? false,
      now: () => new Date(),
      chat: target,
      chatPolicy: { maxAttempts: options.maxAttempts ?? 4, backoffMs: options.backoffMs ?? 1000, maxRetryAfterMs: 60_000 },
    });
    const webhook = new ChatWebhook(target, webhooks, { log, timeoutMs: options.timeoutMs, maxQueue: options.maxQueue, allowPrivateAddresses: options.allowPrivateAddresses });
    worker.events.on('settled', (delivery) => delivery.subscription === chatSubscription && webhook.settled());
    worker.events.on('retrying', (_delivery, wait) => options.waits?.push(wait));
    worker.start();
    opened.push({ store, worker, directory });
    return webhook;
  }

  afterEach(async function () {
    for (const { store, worker, directory } of opened.splice(0)) {
      await worker.stop(1000);
      await store.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
  const titles = (received: Array<{ body: any }>) => received.map((post) => post.body.embeds[0].title);

  it('delivers events in order, one at a time, without making the caller wait', async function () {
    const receiver = await startWebhookReceiver();
    const webhook = await chatWebhook(() => ({ enabled: true, webhookUrl: receiver.url }), { log: () => undefined, allowPrivateAddresses: true });
    try {
      for (const title of ['one', 'two', 'three']) webhook.post(embed(title));
      expect(receiver.received).to.have.length(0);
      await webhook.idle();
      expect(titles(receiver.received)).to.deep.equal(['one', 'two', 'three']);
    } finally {
      await receiver.close();
    }
  });

  it('posts nothing while disabled or without a URL', async function () {
    const receiver = await startWebhookReceiver();
    let target = { enabled: false, webhookUrl: receiver.url };
    const webhook = await chatWebhook(() => target, { log: () => undefined, allowPrivateAddresses: true });
    try {
      webhook.post(embed('off'));
      target = { enabled: true, webhookUrl: '' };
      webhook.post(embed('no url'));
      await webhook.idle();
      expect(receiver.requests).to.equal(0);
    } finally {
      await receiver.close();
    }
  });

  it('honours 429 with Retry-After or retry_after, keeping the order', async function () {
    const receiver = await startWebhookReceiver((index) => {
      if (index === 0) return { status: 429, headers: { 'retry-after': '1' } };
      if (index === 2) return { status: 429, body: JSON.stringify({ message: 'slow down', retry_after: 0.3 }) };
      return { status: 204 };
    });
    const waits: number[] = [];
    const webhook = await chatWebhook(() => ({ enabled: true, webhookUrl: receiver.url }), {
      allowPrivateAddresses: true,
      log: () => undefined,
      waits,
    });
    try {
      webhook.post(embed('first'));
      webhook.post(embed('second'));
      await webhook.idle();
      expect(titles(receiver.received)).to.deep.equal(['first', 'second']);
      expect(waits).to.deep.equal([1000, 300]);
    } finally {
      await receiver.close();
    }
  });

  it('retries server errors with backoff, then gives up and logs it', async function () {
    const receiver = await startWebhookReceiver(() => ({ status: 503, body: 'down' }));
    const waits: number[] = [];
    const logged: string[] = [];
    const webhook = await chatWebhook(() => ({ enabled: true, webhookUrl: receiver.url }), {
      allowPrivateAddresses: true,
      log: (message) => logged.push(message),
      maxAttempts: 3,
      backoffMs: 100,
      waits,
    });
    try {
      webhook.post(embed('doomed'));
      await webhook.idle();
      expect(receiver.requests).to.equal(3);
      expect(waits).to.deep.equal([100, 200]);
      expect(logged.join('\n')).to.match(/gave up on "doomed" after 3 attempt\(s\): the webhook answered 503$/);
    } finally {
      await receiver.close();
    }
  });

  it('does not retry a 4xx refusal other than 429', async function () {
    const receiver = await startWebhookReceiver(() => ({ status: 400, body: '{"message":"Cannot send an empty message"}' }));
    const logged: string[] = [];
    const webhook = await chatWebhook(() => ({ enabled: true, webhookUrl: receiver.url }), {
      log: (message) => logged.push(message),
      allowPrivateAddresses: true,
    });
    try {
      webhook.post(embed('refused'));
      await webhook.idle();
      expect(receiver.requests).to.equal(1);
      expect(logged.join('\n')).to.match(/answered 400/);
    } finally {
      await receiver.close();
    }
  });

  it('holds at most a small bounded queue and logs what it drops', async function () {
    const receiver = await startWebhookReceiver((index) => (index === 0 ? { status: 204, hang: true } : { status: 204 }));
    const logged: string[] = [];
    const webhook = await chatWebhook(() => ({ enabled: true, webhookUrl: receiver.url }), {
      log: (message) => logged.push(message),
      maxQueue: 3,
      timeoutMs: 300,
      maxAttempts: 1,
      allowPrivateAddresses: true,
    });
    try {
      for (let index = 0; index < 6; index += 1) webhook.post(embed(`event ${index}`));
      expect(webhook.pending).to.equal(3);
      expect(logged.filter((line) => /queue full/.test(line))).to.have.length(3);
      await webhook.idle();
    } finally {
      await receiver.close();
    }
  });

  it('test messages: not configured, delivered, refused, unreachable, timed out', async function () {
    let url = '';
    const webhook = await chatWebhook(() => ({ enabled: false, webhookUrl: url }), { timeoutMs: 300, allowPrivateAddresses: true });
    expect(await webhook.sendTest(embed('t')).catch((error) => error)).to.be.instanceOf(WebhookNotConfiguredError);

    const ok = await startWebhookReceiver();
    url = ok.url;
    await webhook.sendTest(embed('hello'));
    expect(titles(ok.received)).to.deep.equal(['hello']);
    await ok.close();

    const refusing = await startWebhookReceiver(() => ({ status: 401, body: '{"message":"Invalid Webhook Token"}' }));
    url = refusing.url;
    const refused = await webhook.sendTest(embed('t')).catch((error) => error);
    expect(refused).to.be.instanceOf(WebhookDeliveryError);
    expect(refused.message).to.match(/answered 401$/);
    expect(refused.message, 'the answer body is never echoed').to.not.match(/Invalid Webhook Token/);
    await refusing.close();

    url = refusing.url; // now closed: nothing listens there
    const unreachable = await webhook.sendTest(embed('t')).catch((error) => error);
    expect(unreachable.message).to.match(/cannot reach the webhook: ECONNREFUSED/);

    const hanging = await startWebhookReceiver(() => ({ status: 204, hang: true }));
    url = hanging.url;
    const timedOut = await webhook.sendTest(embed('t')).catch((error) => error);
    expect(timedOut.message).to.match(/no answer within 300 ms/);
    await hanging.close();
  });

  it('refuses loopback, private and link-local webhooks unless allowed, at connect time too', async function () {
    const receiver = await startWebhookReceiver();
    try {
      const guarded = await chatWebhook(() => ({ enabled: true, webhookUrl: receiver.url }), { log: () => undefined, timeoutMs: 1000 });
      const literal = await guarded.sendTest(embed('t')).catch((error) => error);
      expect(literal).to.be.instanceOf(WebhookDeliveryError);
      expect(literal.message).to.match(/127\.0\.0\.1 is a private address/);
      // A name that resolves to loopback is caught when the connection is made, not only when the URL was set.
      const named = await chatWebhook(() => ({ enabled: true, webhookUrl: receiver.url.replace('127.0.0.1', 'localhost') }), { log: () => undefined, timeoutMs: 1000 });
      expect((await named.sendTest(embed('t')).catch((error) => error)).message).to.match(/private address/);
      expect(receiver.received, 'nothing reached the private address').to.deep.equal([]);
    } finally {
      await receiver.close();
    }
  });

  it('tells private addresses from public ones, including IPv4-mapped IPv6', async function () {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).to.equal(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(address), address).to.equal(false);
    expect(await checkWebhookUrl('http://192.168.0.10/hook', false).catch((error) => error)).to.be.instanceOf(WebhookAddressError);
    expect(await checkWebhookUrl('http://localhost:9/hook', false).catch((error) => error)).to.be.instanceOf(WebhookAddressError);
    await checkWebhookUrl('http://192.168.0.10/hook', true);
  });
});
