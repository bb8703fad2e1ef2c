/**
 * Posts to the configured chat webhook in the common webhook JSON shape
 * (`content`, `embeds` with title, description, color, fields, timestamp),
 * as Discord and compatible services take it.
 *
 * Events go through a small bounded queue, one at a time and in order, so a
 * request that causes one never waits for it. A 429 is honoured (Retry-After
 * header or `retry_after` in the body); other failures are retried with
 * backoff a few times. What is dropped or given up on is logged.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from './webhook-address.js';

export interface Embed {
  title: string;
  description?: string;
  color?: number;
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
  timestamp?: string;
}

export interface WebhookPayload {
  content?: string;
  embeds?: Embed[];
}

export interface WebhookTarget {
  enabled: boolean;
  webhookUrl: string;
}

export class WebhookNotConfiguredError extends Error {
  override name = 'WebhookNotConfiguredError';
}

export class WebhookDeliveryError extends Error {
  override name = 'WebhookDeliveryError';
}

export interface ChatWebhookOptions {
  timeoutMs?: number;
  maxQueue?: number;
  maxAttempts?: number;
  /** Base of the exponential backoff between failed attempts. */
  backoffMs?: number;
  /** The longest wait a 429 may ask for before the event is given up on. */
  maxRetryAfterMs?: number;
  log?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** chat.allow-private-addresses: let the webhook be a loopback or LAN address. */
  allowPrivateAddresses?: boolean;
}

type Attempt = { ok: true } | { ok: false; retryAfterMs?: number; retryable: boolean; reason: string };

export class ChatWebhook {
  private readonly queue: WebhookPayload[] = [];
  private draining: Promise<void> | null = null;
  private readonly timeoutMs: number;
  private readonly maxQueue: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly log: (message: string) => void;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly allowPrivateAddresses: boolean;

  constructor(
    private readonly target: () => WebhookTarget,
    options: ChatWebhookOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxQueue = options.maxQueue ?? 50;
    this.maxAttempts = options.maxAttempts ?? 4;
    this.backoffMs = options.backoffMs ?? 1000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.log = options.log ?? console.error;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
    this.allowPrivateAddresses = options.allowPrivateAddresses ?? false;
  }

  /** Queues an event when the webhook is enabled and configured; never waits for delivery. */
  post(payload: WebhookPayload): void {
    const { enabled, webhookUrl } = this.target();
    if (!enabled || !webhookUrl) return;
    if (this.queue.length >= this.maxQueue) {
      this.log(`chat webhook: queue full (${this.maxQueue}), dropped "${describe(payload)}"`);
      return;
    }
    this.queue.push(payload);
    this.draining ??= this.drain();
  }

  /** Sends one test message now, past the queue; throws when not configured or not delivered. */
  async sendTest(payload: WebhookPayload): Promise<void> {
    const { webhookUrl } = this.target();
    if (!webhookUrl) throw new WebhookNotConfiguredError('No chat webhook is configured (settings chat.webhookUrl)');
    const attempt = await this.attempt(webhookUrl, payload);
    if (!attempt.ok) throw new WebhookDeliveryError(attempt.reason);
  }

  /** Resolves when the queue is empty (or after `timeoutMs`). */
  async idle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.draining && Date.now() < deadline) {
      await Promise.race([this.draining, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref())]);
    }
  }

  get pending(): number {
    return this.queue.length;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const payload = this.queue[0]!;
      await this.deliver(payload);
      this.queue.shift();
    }
    this.draining = null;
  }

  private async deliver(payload: WebhookPayload): Promise<void> {
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      const { webhookUrl, enabled } = this.target();
      if (!enabled || !webhookUrl) return;
      const result = await this.attempt(webhookUrl, payload);
      if (result.ok) return;
      if (!result.retryable || attempt === this.maxAttempts) {
        this.log(`chat webhook: gave up on "${describe(payload)}" after ${attempt} attempt(s): ${result.reason}`);
        return;
      }
      if (result.retryAfterMs !== undefined && result.retryAfterMs > this.maxRetryAfterMs) {
        this.log(`chat webhook: gave up on "${describe(payload)}": asked to wait ${Math.round(result.retryAfterMs / 1000)} s`);
        return;
      }
      await this.sleep(result.retryAfterMs ?? this.backoffMs * 2 ** (attempt - 1));
    }
  }

  /**
   * One POST. Its host is checked at connect time against private ranges
   * (see ./webhook-address.ts); redirects are not followed. Only the status
   * of a refusal is reported: the answer's body is the webhook's, and echoing
   * it would turn this into a way to read internal services.
   */
  private attempt(url: string, payload: WebhookPayload): Promise<Attempt> {
    return new Promise((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve({ ok: false, retryable: false, reason: 'the webhook URL is not a URL' });
      }
      // An address written in the URL is connected to without a lookup: check it here.
      const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
      if (!this.allowPrivateAddresses && isIP(literal) && isPrivateAddress(literal)) {
        return resolve({ ok: false, retryable: false, reason: `refused: ${literal} is a private address (chat.allow-private-addresses is off)` });
      }
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const body = JSON.stringify(payload);
      const request = send(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(this.allowPrivateAddresses) as never,
        // A connection of its own each time: every post is checked against private addresses where it connects.
        agent: false,
        timeout: this.timeoutMs,
      });
      const timer = setTimeout(() => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), this.timeoutMs);
      timer.unref();
      request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (error.code === 'EPRIVATE') return resolve({ ok: false, retryable: false, reason: `refused: ${error.message} (chat.allow-private-addresses is off)` });
        if (error.code === 'ETIMEDOUT') return resolve({ ok: false, retryable: true, reason: `no answer within ${this.timeoutMs} ms` });
        resolve({ ok: false, retryable: true, reason: `cannot reach the webhook: ${error.code ?? error.message}` });
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        // Read a little for Discord's retry_after; never more, and never shown to anyone.
        response.on('data', (chunk: string) => {
          if (text.length < 4096) text += chunk;
        });
        response.on('error', () => undefined);
        response.on('end', () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve({ ok: true });
          if (status === 429) {
            const header = response.headers['retry-after'];
            return resolve({ ok: false, retryable: true, retryAfterMs: retryAfterMs(typeof header === 'string' ? header : null, text), reason: 'rate limited (429)' });
          }
          resolve({ ok: false, retryable: status >= 500, reason: `the webhook answered ${status}` });
        });
      });
      request.end(body);
    });
  }
}

/** Retry-After in seconds (header), or Discord's `retry_after` (seconds, may be fractional) in the body. */
function retryAfterMs(header: string | null, body: string): number {
  if (header && /^\d+(\.\d+)?$/.test(header.trim())) return Math.ceil(Number(header) * 1000);
  try {
    const seconds = (JSON.parse(body) as { retry_after?: unknown }).retry_after;
    if (typeof seconds === 'number' && seconds >= 0) return Math.ceil(seconds * 1000);
  } catch {
    // No JSON body: fall through to a default wait.
  }
  return 1000;
}

function describe(payload: WebhookPayload): string {
  return payload.embeds?.[0]?.title ?? payload.content?.slice(0, 60) ?? 'event';
}
