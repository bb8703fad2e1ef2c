import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { DeliveryRecord, DeliveryState, GameAttempt, MarketItemState, MarketStore, PriceSample, SaleRecord } from './store.js';
import { weekEnd } from './weeks.js';

interface DeliveryRow {
  id: number;
  player_uuid: string;
  player_name: string;
  item: string;
  quantity: number;
  given: number;
  state: DeliveryState;
  transaction_id: number;
  created_at: Date;
  updated_at: Date;
  attempt: GameAttempt | null;
  attempt_server: string | null;
  attempts: number;
}

interface SaleRow {
  id: number;
  player_uuid: string;
  player_name: string;
  item: string;
  quantity: number;
  attempt: GameAttempt;
  attempt_server: string | null;
  created_at: Date;
}

const deliveryColumns = 'id, player_uuid, player_name, item, quantity, given, state, transaction_id, created_at, updated_at, attempt, attempt_server, attempts';
const saleColumns = 'id, player_uuid, player_name, item, quantity, attempt, attempt_server, created_at';

/** An attempt as stored: its server in a column of its own (added later), the rest as JSON. */
function attemptOf(stored: GameAttempt, server: string | null): GameAttempt {
  return server === null ? stored : { ...stored, server };
}

function attemptJson(attempt: GameAttempt | null): string | null {
  if (!attempt) return null;
  const { server: _server, ...rest } = attempt;
  return JSON.stringify(rest);
}

function delivery(row: DeliveryRow): DeliveryRecord {
  return {
    id: row.id,
    player: { name: row.player_name, uuid: row.player_uuid },
    item: row.item,
    quantity: row.quantity,
    given: row.given,
    state: row.state,
    transactionId: row.transaction_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    attempt: row.attempt && attemptOf(row.attempt, row.attempt_server),
    attempts: row.attempts,
  };
}

/**
 * The shop on PostgreSQL: `<prefix>shop_market` (an item's stock and recent
 * prices), `shop_weekly` and `shop_daily_sales` (counts added to in one
 * statement), `shop_deliveries` and `shop_sales`. Inside a unit of work an
 * item's row is read `FOR UPDATE`, so purchases and sales of one item take
 * turns across every instance on the database, as the JSON store's units do
 * in one process: the last units are never sold twice.
 */
export const postgresMarketPart: PostgresStorePart<MarketStore> = {
  migrations: [
    {
      version: 1,
      description: 'the market, offer and sale counts, deliveries and sales under way',
      sql: ({ name }) => `
        CREATE TABLE ${name('shop_market')} (
          item text PRIMARY KEY,
          stock bigint NOT NULL,
          updated_at timestamptz NOT NULL,
          samples jsonb NOT NULL
        );
        CREATE TABLE ${name('shop_weekly')} (
          week text NOT NULL,
          player text NOT NULL,
          item text NOT NULL,
          bought integer NOT NULL,
          PRIMARY KEY (week, player, item)
        );
        CREATE TABLE ${name('shop_daily_sales')} (
          day text NOT NULL,
          player text NOT NULL,
          cents bigint NOT NULL,
          PRIMARY KEY (day, player)
        );
        CREATE TABLE ${name('shop_deliveries')} (
          id bigserial PRIMARY KEY,
          player_uuid text NOT NULL,
          player_name text NOT NULL,
          item text NOT NULL,
          quantity integer NOT NULL,
          given integer NOT NULL,
          state text NOT NULL,
          transaction_id bigint NOT NULL CONSTRAINT ${name('shop_deliveries_transaction_key')} UNIQUE,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          attempt jsonb,
          attempts integer NOT NULL
        );
        CREATE INDEX ${name('shop_deliveries_player')} ON ${name('shop_deliveries')} (player_uuid, id DESC);
        CREATE INDEX ${name('shop_deliveries_pending')} ON ${name('shop_deliveries')} (id) WHERE state = 'pending';
        CREATE TABLE ${name('shop_sales')} (
          id bigserial PRIMARY KEY,
          player_uuid text NOT NULL,
          player_name text NOT NULL,
          item text NOT NULL,
          quantity integer NOT NULL,
          attempt jsonb NOT NULL,
          created_at timestamptz NOT NULL
        );
      `,
    },
    {
      version: 2,
      description: 'when each item last drifted (each drift step taken once by the whole network)',
      sql: ({ name }) => `ALTER TABLE ${name('shop_market')} ADD COLUMN drifted_at timestamptz;`,
    },
    {
      version: 3,
      description: "the server each delivery's and sale's attempt was asked on (its game alone remembers it)",
      sql: ({ name }) => `
        ALTER TABLE ${name('shop_deliveries')} ADD COLUMN attempt_server text;
        ALTER TABLE ${name('shop_sales')} ADD COLUMN attempt_server text;
      `,
    },
  ],
  bind: (access) => {
    const market = access.name('shop_market');
    const weekly = access.name('shop_weekly');
    const daily = access.name('shop_daily_sales');
    const deliveries = access.name('shop_deliveries');
    const sales = access.name('shop_sales');
    // In a unit of work, the row is held until the unit ends (a purchase reads, prices and takes).
    const lock = () => (access.inUnit ? ' FOR UPDATE' : '');
    const toState = (row: { item: string; stock: number; updated_at: Date; samples: PriceSample[]; drifted_at: Date | null }): MarketItemState => ({
      item: row.item,
      stock: row.stock,
      updatedAt: row.updated_at.toISOString(),
      samples: row.samples,
      ...(row.drifted_at ? { driftedAt: row.drifted_at.toISOString() } : {}),
    });
    const store: MarketStore = {
      item: async (item) => {
        const [row] = await access.query<{ item: string; stock: number; updated_at: Date; samples: PriceSample[]; drifted_at: Date | null }>(
          `SELECT item, stock, updated_at, samples, drifted_at FROM ${market} WHERE item = $1${lock()}`,
          [item],
        );
        return row && toState(row);
      },
      items: async () =>
        (
          await access.query<{ item: string; stock: number; updated_at: Date; samples: PriceSample[]; drifted_at: Date | null }>(
            `SELECT item, stock, updated_at, samples, drifted_at FROM ${market} ORDER BY item`,
          )
        ).map(toState),
      saveItem: async (state) => {
        await access.query(
          `INSERT INTO ${market} (item, stock, updated_at, samples, drifted_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (item) DO UPDATE SET stock = EXCLUDED.stock, updated_at = EXCLUDED.updated_at, samples = EXCLUDED.samples, drifted_at = EXCLUDED.drifted_at`,
          [state.item, state.stock, state.updatedAt, JSON.stringify(state.samples), state.driftedAt ?? null],
        );
      },
      weeklyBought: async (week, player, item) => {
        const [row] = await access.query<{ bought: number }>(`SELECT bought FROM ${weekly} WHERE week = $1 AND player = $2 AND item = $3`, [week, player, item]);
        return row?.bought ?? 0;
      },
      weeklyBoughtBy: async (week, player) => {
        const rows = await access.query<{ item: string; bought: number }>(`SELECT item, bought FROM ${weekly} WHERE week = $1 AND player = $2`, [week, player]);
        return new Map(rows.map((row) => [row.item, row.bought]));
      },
      addWeeklyBought: async (week, player, item, units) => {
        await access.query(
          `INSERT INTO ${weekly} (week, player, item, bought) VALUES ($1, $2, $3, $4) ON CONFLICT (week, player, item) DO UPDATE SET bought = ${weekly}.bought + EXCLUDED.bought`,
          [week, player, item, units],
        );
      },
      soldToday: async (day, player) => {
        const [row] = await access.query<{ cents: number }>(`SELECT cents FROM ${daily} WHERE day = $1 AND player = $2`, [day, player]);
        return row?.cents ?? 0;
      },
      addSoldToday: async (day, player, cents) => {
        await access.query(`INSERT INTO ${daily} (day, player, cents) VALUES ($1, $2, $3) ON CONFLICT (day, player) DO UPDATE SET cents = ${daily}.cents + EXCLUDED.cents`, [
          day,
          player,
          cents,
        ]);
      },
      createDelivery: async (fields) => {
        const [row] = await access.query<DeliveryRow>(
          `INSERT INTO ${deliveries} (player_uuid, player_name, item, quantity, given, state, transaction_id, created_at, updated_at, attempt, attempt_server, attempts)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${deliveryColumns}`,
          [
            fields.player.uuid,
            fields.player.name,
            fields.item,
            fields.quantity,
            fields.given,
            fields.state,
            fields.transactionId,
            fields.createdAt,
            fields.updatedAt,
            attemptJson(fields.attempt),
            fields.attempt?.server ?? null,
            fields.attempts,
          ],
        );
        return delivery(row!);
      },
      delivery: async (id) => {
        const [row] = await access.query<DeliveryRow>(`SELECT ${deliveryColumns} FROM ${deliveries} WHERE id = $1`, [id]);
        return row && delivery(row);
      },
      deliveryOfTransaction: async (transactionId) => {
        const [row] = await access.query<DeliveryRow>(`SELECT ${deliveryColumns} FROM ${deliveries} WHERE transaction_id = $1`, [transactionId]);
        return row && delivery(row);
      },
      saveDelivery: async (record) => {
        await access.query(`UPDATE ${deliveries} SET player_name = $2, given = $3, state = $4, updated_at = $5, attempt = $6, attempt_server = $7, attempts = $8 WHERE id = $1`, [
          record.id,
          record.player.name,
          record.given,
          record.state,
          record.updatedAt,
          attemptJson(record.attempt),
          record.attempt?.server ?? null,
          record.attempts,
        ]);
      },
      // One statement each: its row lock makes two instances take turns, and the second finds the condition no longer holds.
      startDeliveryAttempt: async (id, attempts, attempt, updatedAt) => {
        const [row] = await access.query<DeliveryRow>(
          `UPDATE ${deliveries} SET attempt = $3, attempt_server = $4, attempts = attempts + 1, updated_at = $5
           WHERE id = $1 AND state = 'pending' AND attempt IS NULL AND attempts = $2 RETURNING ${deliveryColumns}`,
          [id, attempts, attemptJson(attempt), attempt.server ?? null, updatedAt],
        );
        return row && delivery(row);
      },
      settleDeliveryAttempt: async (id, operationId, given, updatedAt) => {
        const [row] = await access.query<DeliveryRow>(
          `UPDATE ${deliveries} SET given = given + $3, state = CASE WHEN given + $3 >= quantity THEN 'delivered' ELSE 'pending' END,
             attempt = NULL, attempt_server = NULL, updated_at = $4
           WHERE id = $1 AND attempt->>'operationId' = $2 RETURNING ${deliveryColumns}`,
          [id, operationId, given, updatedAt],
        );
        return row && delivery(row);
      },
      pendingDeliveries: async (player) => {
        const rows =
          player === undefined
            ? await access.query<DeliveryRow>(`SELECT ${deliveryColumns} FROM ${deliveries} WHERE state = 'pending' ORDER BY id`)
            : await access.query<DeliveryRow>(`SELECT ${deliveryColumns} FROM ${deliveries} WHERE state = 'pending' AND player_uuid = $1 ORDER BY id`, [player]);
        return rows.map(delivery);
      },
      deliveriesOf: async (player, page, limit, state) => {
        const filter = state === undefined ? '' : ' AND state = $4';
        const rows = await access.query<DeliveryRow & { total: number }>(
          `SELECT ${deliveryColumns}, count(*) OVER () AS total FROM ${deliveries} WHERE player_uuid = $1${filter} ORDER BY id DESC LIMIT $2 OFFSET $3`,
          [player, limit, (page - 1) * limit, ...(state === undefined ? [] : [state])],
        );
        if (rows.length > 0) return { deliveries: rows.map(delivery), total: Number(rows[0]!.total) };
        // Past the last page the window counts nothing: count apart.
        const [count] = await access.query<{ total: number }>(`SELECT count(*) AS total FROM ${deliveries} WHERE player_uuid = $1${state === undefined ? '' : ' AND state = $2'}`, [
          player,
          ...(state === undefined ? [] : [state]),
        ]);
        return { deliveries: [], total: Number(count?.total ?? 0) };
      },
      createSale: async (fields) => {
        const [row] = await access.query<SaleRow>(
          `INSERT INTO ${sales} (player_uuid, player_name, item, quantity, attempt, attempt_server, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
           RETURNING ${saleColumns}`,
          [fields.player.uuid, fields.player.name, fields.item, fields.quantity, attemptJson(fields.attempt), fields.attempt.server ?? null, fields.createdAt],
        );
        return sale(row!);
      },
      deleteSale: async (id) => (await access.query(`DELETE FROM ${sales} WHERE id = $1 RETURNING 1`, [id])).length > 0,
      salesUnderWay: async () => (await access.query<SaleRow>(`SELECT ${saleColumns} FROM ${sales} ORDER BY id`)).map(sale),
      deleteBefore: (cutoff) =>
        access.write(async (unit) => {
          const weeks = (await unit.query<{ week: string }>(`SELECT DISTINCT week FROM ${weekly}`)).map((row) => row.week).filter((week) => weekEnd(week) <= cutoff);
          const delivered = await unit.query(`DELETE FROM ${deliveries} WHERE state = 'delivered' AND updated_at < $1 RETURNING 1`, [cutoff.toISOString()]);
          const days = await unit.query(`DELETE FROM ${daily} WHERE day < $1 RETURNING 1`, [cutoff.toISOString().slice(0, 10)]);
          const counts = await unit.query(`DELETE FROM ${weekly} WHERE week = ANY($1::text[]) RETURNING 1`, [weeks]);
          return delivered.length + days.length + counts.length;
        }),
    };
    return store;
  },
};

function sale(row: SaleRow): SaleRecord {
  return {
    id: row.id,
    player: { name: row.player_name, uuid: row.player_uuid },
    item: row.item,
    quantity: row.quantity,
    attempt: attemptOf(row.attempt, row.attempt_server),
    createdAt: row.created_at.toISOString(),
  };
}
