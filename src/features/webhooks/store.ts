/**
 * What the webhooks keep in the store: the subscriptions admins made (a URL,
 * the kinds of event it takes, its signing secret), and the delivery queue
 * with its log: every message to every webhook (the chat's too), pending
 * until delivered or given up, so retries go on across restarts. A store
 * part: its implementations are store-json.ts and store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

export interface WebhookSubscription {
  id: string;
  url: string;
  /** Event kinds (`player.joined`), or `*` for every kind. */
  types: string[];
  description: string;
  /** `whsec_` and base64: the key each delivery is signed with (Standard Webhooks). */
  secret: string;
  createdBy: string;
  createdAt: string;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  id: number;
  /** What `webhook-id` says: the event's (`evt_42`), the same on every try and every resend, for de-duplication. */
  messageId: string;
  /** The subscription's id, or `chat` for the chat webhook's posts. */
  subscription: string;
  /** The event's kind, or `chat`. */
  type: string;
  /** The JSON sent. */
  body: string;
  /** The `server.id` whose instance delivers it. */
  server: string;
  state: DeliveryState;
  attempts: number;
  /** When the next try is due (pending only). */
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  /** The HTTP status the webhook answered last, null when it did not answer. */
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface DeliveryQuery {
  subscription?: string;
  state?: DeliveryState;
  page: number;
  limit: number;
}

export interface WebhookStore {
  addSubscription(subscription: WebhookSubscription): Promise<void>;
  subscriptions(): Promise<WebhookSubscription[]>;
  subscription(id: string): Promise<WebhookSubscription | undefined>;
  /** False when there was none. */
  removeSubscription(id: string): Promise<boolean>;
  /** Queues deliveries, ids given in order. */
  enqueue(deliveries: ReadonlyArray<Omit<WebhookDelivery, 'id'>>): Promise<WebhookDelivery[]>;
  /** Each subscription's oldest pending delivery that `server` delivers: what is sent next, in order. */
  heads(server: string): Promise<WebhookDelivery[]>;
  delivery(id: number): Promise<WebhookDelivery | undefined>;
  saveDelivery(delivery: WebhookDelivery): Promise<void>;
  /** Newest first, with how many match. */
  deliveries(query: DeliveryQuery): Promise<{ deliveries: WebhookDelivery[]; total: number }>;
  /** Pending deliveries of a subscription that `server` delivers. */
  pendingCount(subscription: string, server: string): Promise<number>;
  /** Deletes delivered and failed deliveries created before `cutoff`. */
  deleteBefore(cutoff: Date): Promise<number>;
}

/** The webhooks' store part (never rename it: the name is kept in data). */
export const webhooksPart = storePart<WebhookStore>('webhooks');
