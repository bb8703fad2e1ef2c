import path from 'node:path';
import type { JsonAccess, JsonStorePart } from '../../store/json/access.js';
import type { JsonDatabase } from '../../store/json/database.js';
import { documentFile, shardedFile } from '../../store/json/table-files.js';
import type { DeliveryQuery, WebhookDelivery, WebhookStore, WebhookSubscription } from './store.js';

const subscriptions = 'webhookSubscriptions';
const deliveries = 'webhookDeliveries';
const counters = 'webhookCounters';
const deliveriesPerShard = 1000;

/** Pending deliveries by subscription and server, kept from the table's changes, so the worker never scans the log. */
class PendingIndex {
  readonly byQueue = new Map<string, Set<number>>();

  change(before: WebhookDelivery | undefined, after: WebhookDelivery | undefined): void {
    if (before?.state === 'pending') {
      const queue = this.byQueue.get(queueOf(before));
      queue?.delete(before.id);
      if (queue?.size === 0) this.byQueue.delete(queueOf(before));
    }
    if (after?.state === 'pending') {
      const queue = this.byQueue.get(queueOf(after)) ?? new Set<number>();
      queue.add(after.id);
      this.byQueue.set(queueOf(after), queue);
    }
  }
}

const queueOf = (delivery: Pick<WebhookDelivery, 'subscription' | 'server'>) => `${delivery.server}\n${delivery.subscription}`;
const indexes = new WeakMap<JsonDatabase, PendingIndex>();

/**
 * The webhooks on the JSON store, in `webhooks/`: the subscriptions
 * (`subscriptions.json`) and the deliveries (`deliveries/deliveries-NNNNNN.json`,
 * 1,000 to a file by id), written through the journal like every record.
 */
export const jsonWebhooksPart: JsonStorePart<WebhookStore> = {
  define: (database, dataDirectory) => {
    const directory = path.join(dataDirectory, 'webhooks');
    const rows = <V>(file: string) =>
      documentFile<V, Record<string, V>>(path.join(directory, file), {
        fromDocument: (document) => Object.entries(document),
        toDocument: (records) => Object.fromEntries(records),
        pretty: true,
      });
    database.define<WebhookSubscription>({ name: subscriptions }, rows('subscriptions.json'));
    database.define<{ next: number }>({ name: counters }, rows('counters.json'));
    const index = new PendingIndex();
    indexes.set(database, index);
    const table = database.define<WebhookDelivery>(
      { name: deliveries },
      shardedFile(path.join(directory, 'deliveries'), {
        pattern: /^deliveries-\d{6}\.json$/,
        nameOf: (shard) => `deliveries-${String(shard).padStart(6, '0')}.json`,
        shardOf: (key) => Math.floor((Number(key) - 1) / deliveriesPerShard),
        keysOf: (shard) => Array.from({ length: deliveriesPerShard }, (_, i) => String(shard * deliveriesPerShard + i + 1)),
        fromDocument: (document) => ((document as { deliveries?: WebhookDelivery[] }).deliveries ?? []).map((delivery) => [String(delivery.id), delivery]),
        toDocument: (records) => ({ deliveries: records }),
      }),
    );
    table.onChange((_key, before, after) => index.change(before, after));
  },
  bind: (access, database) => new JsonWebhookStore(access, indexes.get(database)!),
};

class JsonWebhookStore implements WebhookStore {
  constructor(
    private readonly access: JsonAccess,
    private readonly pending: PendingIndex,
  ) {}

  addSubscription(subscription: WebhookSubscription): Promise<void> {
    return this.access.write((tx) => tx.put(subscriptions, subscription.id, subscription));
  }

  async subscriptions(): Promise<WebhookSubscription[]> {
    return [...this.access.read<WebhookSubscription>(subscriptions).values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async subscription(id: string): Promise<WebhookSubscription | undefined> {
    return this.access.read<WebhookSubscription>(subscriptions).get(id);
  }

  removeSubscription(id: string): Promise<boolean> {
    return this.access.write((tx) => {
      if (!tx.get(subscriptions, id)) return false;
      tx.remove(subscriptions, id);
      return true;
    });
  }

  enqueue(list: ReadonlyArray<Omit<WebhookDelivery, 'id'>>): Promise<WebhookDelivery[]> {
    return this.access.write((tx) => {
      let next = tx.get<{ next: number }>(counters, 'deliveries')?.next ?? 1;
      const made = list.map((delivery) => ({ id: next++, ...delivery }));
      for (const delivery of made) tx.put(deliveries, String(delivery.id), delivery);
      tx.put(counters, 'deliveries', { next });
      return made;
    });
  }

  async heads(server: string): Promise<WebhookDelivery[]> {
    const reader = this.access.read<WebhookDelivery>(deliveries);
    const heads: WebhookDelivery[] = [];
    for (const [queue, ids] of this.pending.byQueue) {
      if (!queue.startsWith(`${server}\n`) || ids.size === 0) continue;
      const head = reader.get(String(Math.min(...ids)));
      if (head) heads.push(head);
    }
    return heads;
  }

  async delivery(id: number): Promise<WebhookDelivery | undefined> {
    return this.access.read<WebhookDelivery>(deliveries).get(String(id));
  }

  saveDelivery(delivery: WebhookDelivery): Promise<void> {
    return this.access.write((tx) => tx.put(deliveries, String(delivery.id), delivery));
  }

  async deliveries(query: DeliveryQuery): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
    const matching = [...this.access.read<WebhookDelivery>(deliveries).values()].filter(
      (delivery) => (query.subscription === undefined || delivery.subscription === query.subscription) && (query.state === undefined || delivery.state === query.state),
    );
    matching.sort((a, b) => b.id - a.id);
    const start = (query.page - 1) * query.limit;
    return { deliveries: matching.slice(start, start + query.limit), total: matching.length };
  }

  async pendingCount(subscription: string, server: string): Promise<number> {
    return this.pending.byQueue.get(queueOf({ subscription, server }))?.size ?? 0;
  }

  deleteBefore(cutoff: Date): Promise<number> {
    return this.access.write((tx) => {
      let deleted = 0;
      for (const delivery of [...tx.reader<WebhookDelivery>(deliveries).values()]) {
        if (delivery.state !== 'pending' && Date.parse(delivery.createdAt) < cutoff.getTime()) {
          tx.remove(deliveries, String(delivery.id));
          deleted += 1;
        }
      }
      return deleted;
    });
  }
}
