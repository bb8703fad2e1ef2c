import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { WebhookDelivery, WebhookStore, WebhookSubscription } from './store.js';

/**
 * The webhooks on PostgreSQL: `<prefix>webhook_subscriptions` and
 * `<prefix>webhook_deliveries` (each record as JSON beside the columns it
 * is looked up by), shared by a network: each instance delivers the
 * deliveries of its own `server`.
 */
export const postgresWebhooksPart: PostgresStorePart<WebhookStore> = {
  migrations: [
    {
      version: 1,
      description: 'webhook subscriptions and their delivery queue',
      sql: ({ name }) => `
        CREATE TABLE ${name('webhook_subscriptions')} (
          id text PRIMARY KEY,
          created_at timestamptz NOT NULL,
          record jsonb NOT NULL
        );
        CREATE TABLE ${name('webhook_deliveries')} (
          id bigserial PRIMARY KEY,
          subscription text NOT NULL,
          server text NOT NULL,
          state text NOT NULL,
          created_at timestamptz NOT NULL,
          record jsonb NOT NULL
        );
        CREATE INDEX ${name('webhook_deliveries_pending')} ON ${name('webhook_deliveries')} (server, subscription, id) WHERE state = 'pending';
        CREATE INDEX ${name('webhook_deliveries_subscription')} ON ${name('webhook_deliveries')} (subscription, id);
      `,
    },
  ],
  bind: (access) => {
    const subscriptions = access.name('webhook_subscriptions');
    const deliveries = access.name('webhook_deliveries');
    const asDelivery = (row: { id: string; record: Omit<WebhookDelivery, 'id'> }): WebhookDelivery => ({ ...row.record, id: Number(row.id) });
    return {
      addSubscription: async (subscription) => {
        await access.query(`INSERT INTO ${subscriptions} (id, created_at, record) VALUES ($1, $2, $3)`, [subscription.id, subscription.createdAt, JSON.stringify(subscription)]);
      },
      subscriptions: async () => (await access.query<{ record: WebhookSubscription }>(`SELECT record FROM ${subscriptions} ORDER BY created_at, id`)).map((row) => row.record),
      subscription: async (id) => (await access.query<{ record: WebhookSubscription }>(`SELECT record FROM ${subscriptions} WHERE id = $1`, [id]))[0]?.record,
      removeSubscription: async (id) => (await access.query(`DELETE FROM ${subscriptions} WHERE id = $1 RETURNING id`, [id])).length > 0,
      enqueue: (list) =>
        access.write(async (unit) => {
          const made: WebhookDelivery[] = [];
          for (const delivery of list) {
            const [row] = await unit.query<{ id: string }>(`INSERT INTO ${deliveries} (subscription, server, state, created_at, record) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
              delivery.subscription,
              delivery.server,
              delivery.state,
              delivery.createdAt,
              JSON.stringify(delivery),
            ]);
            made.push({ ...delivery, id: Number(row!.id) });
          }
          return made;
        }),
      heads: async (server) =>
        (
          await access.query<{ id: string; record: Omit<WebhookDelivery, 'id'> }>(
            `SELECT DISTINCT ON (subscription) id, record FROM ${deliveries} WHERE server = $1 AND state = 'pending' ORDER BY subscription, id`,
            [server],
          )
        ).map(asDelivery),
      delivery: async (id) => {
        const [row] = await access.query<{ id: string; record: Omit<WebhookDelivery, 'id'> }>(`SELECT id, record FROM ${deliveries} WHERE id = $1`, [id]);
        return row && asDelivery(row);
      },
      saveDelivery: async (delivery) => {
        const { id, ...record } = delivery;
        await access.query(`UPDATE ${deliveries} SET state = $2, record = $3 WHERE id = $1`, [id, delivery.state, JSON.stringify(record)]);
      },
      deliveries: async (query) => {
        const conditions: string[] = [];
        const params: unknown[] = [];
        if (query.subscription !== undefined) conditions.push(`subscription = $${params.push(query.subscription)}`);
        if (query.state !== undefined) conditions.push(`state = $${params.push(query.state)}`);
        const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
        const [{ total }] = (await access.query<{ total: string }>(`SELECT count(*) AS total FROM ${deliveries} ${where}`, params)) as [{ total: string }];
        const rows = await access.query<{ id: string; record: Omit<WebhookDelivery, 'id'> }>(
          `SELECT id, record FROM ${deliveries} ${where} ORDER BY id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.limit, (query.page - 1) * query.limit],
        );
        return { deliveries: rows.map(asDelivery), total: Number(total) };
      },
      pendingCount: async (subscription, server) =>
        Number(
          (
            await access.query<{ count: string }>(`SELECT count(*) AS count FROM ${deliveries} WHERE subscription = $1 AND server = $2 AND state = 'pending'`, [
              subscription,
              server,
            ])
          )[0]?.count ?? 0,
        ),
      deleteBefore: async (cutoff) => (await access.query(`DELETE FROM ${deliveries} WHERE state <> 'pending' AND created_at < $1 RETURNING 1`, [cutoff])).length,
    };
  },
};
