/**
 * Webhooks admins subscribe to kinds of event: each event this instance
 * publishes is queued for every subscription that takes its kind, signed
 * as the Standard Webhooks specification says, delivered at least once
 * (its `webhook-id` the same on every try, for de-duplication), retried
 * with exponential backoff across restarts, and logged with its outcome.
 * The chat webhook's posts go through the same queue as a subscription of
 * its own (`chat`), its Discord-style bodies unsigned as before.
 */
import { randomBytes } from 'node:crypto';
import { badRequest, notFound } from '../../errors.js';
import type { Actor } from '../../http/caller.js';
import type { WebhookTarget } from '../chat/webhook.js';
import { checkWebhookUrl, WebhookAddressError } from './address.js';
import { newSigningSecret, signedHeaders } from './signature.js';
import type { DeliveryQuery, WebhookDelivery, WebhookStore, WebhookSubscription } from './store.js';
import type { DeliveryPolicy, DeliveryWorker } from './worker.js';

/** An event as it is sent (the stream's envelope). */
export interface SentEvent {
  id: string;
  type: string;
  timestamp: string;
  server: string;
  data: unknown;
}

export interface NewSubscription {
  url: string;
  types: string[];
  description?: string;
}

export interface WebhookOptions {
  server: string;
  /** The kinds of event there are (a subscription may name only these, or `*`). */
  eventTypes: readonly string[];
  retry: { firstMs: number; maxMs: number; maxAttempts: number };
  allowPrivateAddresses: boolean;
  now: () => Date;
  /** The chat webhook's URL and switch (the live settings). */
  chat: () => WebhookTarget;
  /** The chat's own retry policy: what its posts always had. */
  chatPolicy: { maxAttempts: number; backoffMs: number; maxRetryAfterMs: number };
}

export const chatSubscription = 'chat';

export class WebhookService {
  /** Subscriptions as last read: read again after a change here, and at most 5 s later after one on another instance. */
  private subscriptions: Promise<WebhookSubscription[]> | undefined;
  private subscriptionsReadAt = 0;

  constructor(
    private readonly store: () => WebhookStore,
    readonly worker: DeliveryWorker,
    private readonly options: WebhookOptions,
  ) {}

  async subscribe(input: NewSubscription, actor: Actor): Promise<WebhookSubscription> {
    const unknown = input.types.find((type) => type !== '*' && !this.options.eventTypes.includes(type));
    if (unknown) throw badRequest(`types: "${unknown}" is not a kind of event (${this.options.eventTypes.join(', ')}, or * for all)`, 'invalid_field');
    try {
      await checkWebhookUrl(input.url, this.options.allowPrivateAddresses);
    } catch (error) {
      if (error instanceof WebhookAddressError) throw badRequest(`url is refused: ${error.message}`, 'webhook_address_refused');
      throw error;
    }
    const subscription: WebhookSubscription = {
      id: `wh_${randomBytes(8).toString('hex')}`,
      url: input.url,
      types: [...new Set(input.types)].sort(),
      description: input.description ?? '',
      secret: newSigningSecret(),
      createdBy: actor.name,
      createdAt: this.options.now().toISOString(),
    };
    await this.store().addSubscription(subscription);
    this.subscriptions = undefined;
    return subscription;
  }

  list(): Promise<WebhookSubscription[]> {
    return this.store().subscriptions();
  }

  async find(id: string): Promise<WebhookSubscription> {
    const found = await this.store().subscription(id);
    if (!found) throw notFound(`No webhook subscription ${id}`, 'webhook_not_found');
    return found;
  }

  /** Removes a subscription; its pending deliveries are given up as they come up. */
  async unsubscribe(id: string): Promise<WebhookSubscription> {
    const found = await this.find(id);
    await this.store().removeSubscription(id);
    this.subscriptions = undefined;
    return found;
  }

  /** Events this instance published: queued for each subscription that takes their kind. */
  async eventsWritten(events: readonly SentEvent[]): Promise<void> {
    if (this.options.now().getTime() - this.subscriptionsReadAt > 5000) this.subscriptions = undefined;
    if (!this.subscriptions) {
      this.subscriptionsReadAt = this.options.now().getTime();
      this.subscriptions = this.store().subscriptions();
      this.subscriptions.catch(() => {
        this.subscriptions = undefined;
      });
    }
    const subscriptions = await this.subscriptions;
    if (subscriptions.length === 0) return;
    const createdAt = this.options.now().toISOString();
    const queued: Array<Omit<WebhookDelivery, 'id'>> = [];
    for (const event of events) {
      for (const subscription of subscriptions) {
        if (!subscription.types.includes('*') && !subscription.types.includes(event.type)) continue;
        queued.push(this.newDelivery(subscription.id, `evt_${event.id}`, event.type, JSON.stringify(event), createdAt));
      }
    }
    if (queued.length === 0) return;
    await this.store().enqueue(queued);
    this.worker.wake();
  }

  /** A chat webhook post (its Discord-style body as it is). */
  async queueChat(body: string): Promise<void> {
    const now = this.options.now().toISOString();
    await this.store().enqueue([this.newDelivery(chatSubscription, `msg_${randomBytes(12).toString('hex')}`, 'chat', body, now)]);
    this.worker.wake();
  }

  pendingChat(): Promise<number> {
    return this.store().pendingCount(chatSubscription, this.options.server);
  }

  deliveries(query: DeliveryQuery): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
    return this.store().deliveries(query);
  }

  /** "Send again": the delivery goes back in its subscription's queue, due now, with the same webhook-id. */
  async resend(id: number): Promise<WebhookDelivery> {
    const found = await this.store().delivery(id);
    if (!found) throw notFound(`No webhook delivery ${id}`, 'delivery_not_found');
    if (found.subscription !== chatSubscription) await this.find(found.subscription);
    const again: WebhookDelivery = { ...found, state: 'pending', attempts: 0, nextAttemptAt: this.options.now().toISOString(), server: this.options.server };
    await this.store().saveDelivery(again);
    this.worker.wake();
    return again;
  }

  /** How a delivery's subscription is sent to and retried, or why it cannot be (gone, or the chat switched off). */
  async policyOf(delivery: WebhookDelivery): Promise<DeliveryPolicy | string> {
    if (delivery.subscription === chatSubscription) {
      const { enabled, webhookUrl } = this.options.chat();
      if (!enabled || !webhookUrl) return 'the chat webhook is off or has no URL';
      const { maxAttempts, backoffMs, maxRetryAfterMs } = this.options.chatPolicy;
      return { name: 'chat webhook', url: webhookUrl, headers: () => ({}), maxAttempts, waitMs: (n) => backoffMs * 2 ** (n - 1), retryRefusals: false, maxRetryAfterMs };
    }
    const subscription = await this.store().subscription(delivery.subscription);
    if (!subscription) return 'the subscription was removed';
    const { firstMs, maxMs, maxAttempts } = this.options.retry;
    return {
      name: `webhook ${subscription.id}`,
      url: subscription.url,
      headers: (sent, at) => signedHeaders(subscription.secret, sent.messageId, at, sent.body),
      maxAttempts,
      waitMs: (n) => Math.min(maxMs, firstMs * 2 ** (n - 1)),
      retryRefusals: true,
      maxRetryAfterMs: Math.max(maxMs, 3600_000),
    };
  }

  private newDelivery(subscription: string, messageId: string, type: string, body: string, createdAt: string): Omit<WebhookDelivery, 'id'> {
    return {
      messageId,
      subscription,
      type,
      body,
      server: this.options.server,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: createdAt,
      lastAttemptAt: null,
      lastStatus: null,
      lastError: null,
      createdAt,
      deliveredAt: null,
    };
  }
}
