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

  private async attempt(url: string, payload: WebhookPayload): Promise<Attempt> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      return { ok: false, retryable: true, reason: timedOut ? `no answer within ${this.timeoutMs} ms` : `cannot reach the webhook: ${causeOf(error)}` };
    }
    const text = await response.text().catch(() => '');
    if (response.ok) return { ok: true };
    if (response.status === 429) {
      return { ok: false, retryable: true, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), text), reason: 'rate limited (429)' };
    }
    const detail = text ? `: ${text.slice(0, 200)}` : '';
    return { ok: false, retryable: response.status >= 500, reason: `the webhook answered ${response.status}${detail}` };
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

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

function describe(payload: WebhookPayload): string {
  return payload.embeds?.[0]?.title ?? payload.content?.slice(0, 60) ?? 'event';
}
