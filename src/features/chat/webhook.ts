/**
 * Posts to the configured chat webhook in the common webhook JSON shape
 * (`content`, `embeds` with title, description, color, fields, timestamp),
 * as Discord and compatible services take it.
 *
 * A post is queued and never waited for: it is one kind of webhook
 * subscription (`chat`) of the webhooks' delivery queue, so it is kept
 * across restarts, delivered one at a time and in order, and logged with
 * its outcome (GET /api/admin/webhooks/deliveries?subscription=chat). A
 * 429 is honoured (Retry-After header or `retry_after` in the body); other
 * failures are retried with backoff a few times (the chat's own policy,
 * ../webhooks/service.ts). At most `maxQueue` posts wait; what is dropped
 * or given up on is logged.
 */
import { postToWebhook } from '../webhooks/sender.js';

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

/** Where the chat's posts are queued: the webhooks' delivery queue. */
export interface ChatQueue {
  queueChat(body: string): Promise<void>;
  pendingChat(): Promise<number>;
}

export interface ChatWebhookOptions {
  timeoutMs?: number;
  maxQueue?: number;
  log?: (message: string) => void;
  /** chat.allow-private-addresses: let the webhook be a loopback or LAN address. */
  allowPrivateAddresses?: boolean;
}

export class ChatWebhook {
  /** Posts queued and not yet delivered or given up on. */
  private waiting = 0;
  private queued: Promise<void> = Promise.resolve();
  private readonly timeoutMs: number;
  private readonly maxQueue: number;
  private readonly log: (message: string) => void;
  private readonly allowPrivateAddresses: boolean;

  constructor(
    private readonly target: () => WebhookTarget,
    private readonly queue: ChatQueue,
    options: ChatWebhookOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxQueue = options.maxQueue ?? 50;
    this.log = options.log ?? console.error;
    this.allowPrivateAddresses = options.allowPrivateAddresses ?? false;
  }

  /** At start: the posts a restart left waiting count against the queue's bound. */
  async resume(): Promise<void> {
    this.waiting += await this.queue.pendingChat();
  }

  /** Queues an event when the webhook is enabled and configured; never waits for delivery. */
  post(payload: WebhookPayload): void {
    const { enabled, webhookUrl } = this.target();
    if (!enabled || !webhookUrl) return;
    if (this.waiting >= this.maxQueue) {
      this.log(`chat webhook: queue full (${this.maxQueue}), dropped "${describe(payload)}"`);
      return;
    }
    this.waiting += 1;
    // One after another, so the queue keeps the order of the posts.
    this.queued = this.queued
      .then(() => this.queue.queueChat(JSON.stringify(payload)))
      .catch((error: Error) => {
        this.waiting -= 1;
        this.log(`chat webhook: "${describe(payload)}" could not be queued: ${error.message}`);
      });
  }

  /** A queued post was delivered or given up on (the delivery queue tells). */
  settled(): void {
    this.waiting = Math.max(0, this.waiting - 1);
  }

  /** Sends one test message now, past the queue; throws when not configured or not delivered. */
  async sendTest(payload: WebhookPayload): Promise<void> {
    const { webhookUrl } = this.target();
    if (!webhookUrl) throw new WebhookNotConfiguredError('No chat webhook is configured (settings chat.webhookUrl)');
    const attempt = await postToWebhook(webhookUrl, JSON.stringify(payload), {}, { timeoutMs: this.timeoutMs, allowPrivateAddresses: this.allowPrivateAddresses });
    if (!attempt.ok) throw new WebhookDeliveryError(attempt.reason);
  }

  /** Resolves when every queued post was delivered or given up on (or after `timeoutMs`). */
  async idle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.waiting > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20).unref());
  }

  get pending(): number {
    return this.waiting;
  }
}

function describe(payload: WebhookPayload): string {
  return payload.embeds?.[0]?.title ?? payload.content?.slice(0, 60) ?? 'event';
}
