/**
 * Delivers the queue: each subscription's deliveries one at a time, in the
 * order they were queued (a receiver gets them in order, and one that is
 * down holds only its own), the subscriptions side by side. A failed try is
 * written down with the time of the next (exponential backoff, or what a
 * 429 asked), so the retries go on where they were after a restart; a
 * delivery is given up after its policy's tries, and may be sent again by
 * hand. Each instance delivers the deliveries of its own `server`.
 */
import { EventEmitter } from 'node:events';
import { postToWebhook } from './sender.js';
import type { WebhookDelivery, WebhookStore } from './store.js';

/** How one subscription's deliveries are sent and retried. */
export interface DeliveryPolicy {
  /** Its name in the logs (`chat webhook`, `webhook wh_...`). */
  name: string;
  url: string;
  /** The headers of a try at `at` (a signature; none for the chat's). */
  headers(delivery: WebhookDelivery, at: Date): Record<string, string>;
  maxAttempts: number;
  /** The wait after the `attempts`th failed try. */
  waitMs(attempts: number): number;
  /** Whether a refusal (a 4xx but 429) is tried again too. */
  retryRefusals: boolean;
  /** A 429 asking for a longer wait gives the delivery up. */
  maxRetryAfterMs: number;
}

export interface WorkerOptions {
  server: string;
  timeoutMs: number;
  allowPrivateAddresses: boolean;
  now: () => Date;
  log: (message: string) => void;
}

export class DeliveryWorker {
  /** `settled`: delivered or given up; `retrying`: a try failed, the next after the wait (ms). */
  readonly events = new EventEmitter<{ settled: [WebhookDelivery]; retrying: [WebhookDelivery, number] }>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private running = false;
  private again = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: () => WebhookStore,
    /** The policy of a delivery's subscription, or why it cannot be delivered (its subscription is gone). */
    private readonly policyOf: (delivery: WebhookDelivery) => Promise<DeliveryPolicy | string>,
    private readonly options: WorkerOptions,
  ) {
    this.events.setMaxListeners(0);
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks at the queue now (something was queued or sent again). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.run();
  }

  /** Stops taking deliveries; waits (at most `ms`) for the tries under way. */
  async stop(ms = 3000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.race([Promise.all(this.inFlight.values()), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  private async run(): Promise<void> {
    try {
      do {
        this.again = false;
        let earliest = Number.POSITIVE_INFINITY;
        const now = this.options.now().getTime();
        for (const head of await this.store().heads(this.options.server)) {
          if (this.inFlight.has(head.subscription)) continue;
          const due = Date.parse(head.nextAttemptAt ?? head.createdAt);
          if (due > now) {
            earliest = Math.min(earliest, due);
            continue;
          }
          const trying = this.attempt(head)
            .catch((error: Error) => this.options.log(`webhooks: delivery ${head.id}: ${error.message}`))
            .finally(() => {
              this.inFlight.delete(head.subscription);
              this.wake();
            });
          this.inFlight.set(head.subscription, trying);
        }
        this.schedule(earliest);
      } while (this.again && !this.stopped);
    } catch (error) {
      this.options.log(`webhooks: the queue cannot be read, trying again in 5 s: ${(error as Error).message}`);
      this.schedule(this.options.now().getTime() + 5000);
    } finally {
      this.running = false;
    }
  }

  private schedule(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!Number.isFinite(at) || this.stopped) return;
    this.timer = setTimeout(() => this.wake(), Math.max(0, at - this.options.now().getTime()));
    this.timer.unref();
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    const policy = await this.policyOf(delivery);
    const at = this.options.now();
    if (typeof policy === 'string') return this.settle({ ...delivery, state: 'failed', nextAttemptAt: null, lastError: policy });
    const result = await postToWebhook(policy.url, delivery.body, policy.headers(delivery, at), {
      timeoutMs: this.options.timeoutMs,
      allowPrivateAddresses: this.options.allowPrivateAddresses,
    });
    const tried = { ...delivery, attempts: delivery.attempts + 1, lastAttemptAt: at.toISOString(), lastStatus: result.status ?? null };
    if (result.ok) return this.settle({ ...tried, state: 'delivered', nextAttemptAt: null, lastError: null, deliveredAt: this.options.now().toISOString() });
    const what = describe(delivery);
    const giveUp = (reason: string) => {
      this.options.log(`${policy.name}: ${reason}`);
      return this.settle({ ...tried, state: 'failed', nextAttemptAt: null, lastError: result.reason });
    };
    if ((!result.retryable && !policy.retryRefusals) || tried.attempts >= policy.maxAttempts)
      return giveUp(`gave up on "${what}" after ${tried.attempts} attempt(s): ${result.reason}`);
    if (result.retryAfterMs !== undefined && result.retryAfterMs > policy.maxRetryAfterMs)
      return giveUp(`gave up on "${what}": asked to wait ${Math.round(result.retryAfterMs / 1000)} s`);
    const wait = result.retryAfterMs ?? policy.waitMs(tried.attempts);
    const next = { ...tried, lastError: result.reason, nextAttemptAt: new Date(at.getTime() + wait).toISOString() };
    await this.store().saveDelivery(next);
    this.events.emit('retrying', next, wait);
  }

  private async settle(delivery: WebhookDelivery): Promise<void> {
    await this.store().saveDelivery(delivery);
    this.events.emit('settled', delivery);
  }
}

/** What a delivery is, for a log line: an embed's title, the start of a message, or the event's kind. */
function describe(delivery: WebhookDelivery): string {
  if (delivery.type !== 'chat') return `${delivery.type} ${delivery.messageId}`;
  try {
    const payload = JSON.parse(delivery.body) as { embeds?: Array<{ title?: string }>; content?: string };
    return payload.embeds?.[0]?.title ?? payload.content?.slice(0, 60) ?? 'event';
  } catch {
    return 'event';
  }
}
