import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { JobsStore, OwedPayout, PlayerJobs } from './store.js';

/**
 * Jobs on PostgreSQL: `<prefix>jobs_players` (a player's jobs as JSON, one
 * row a player), `jobs_placed_blocks` (a position and when it was placed) and
 * `jobs_owed_payouts`. Each instance pays for the work done on its own
 * server, and a player may work on several servers in one day: inside a unit
 * of work a player's row is read `FOR UPDATE`, so two instances' payouts for
 * one player take turns and each sees the day's earnings the other wrote (the
 * daily cap holds for the network); a row is replaced whole, as the JSON
 * store replaces a record.
 */
export const postgresJobsPart: PostgresStorePart<JobsStore> = {
  migrations: [
    {
      version: 1,
      description: "players' jobs, placed blocks, owed payouts",
      sql: ({ name }) => `
        CREATE TABLE ${name('jobs_players')} (
          uuid text PRIMARY KEY,
          name text NOT NULL,
          jobs jsonb NOT NULL
        );
        CREATE TABLE ${name('jobs_placed_blocks')} (
          position text PRIMARY KEY,
          placed_at bigint NOT NULL
        );
        CREATE TABLE ${name('jobs_owed_payouts')} (
          id text PRIMARY KEY,
          payout jsonb NOT NULL
        );
      `,
    },
  ],
  bind: (access) => {
    const players = access.name('jobs_players');
    const placed = access.name('jobs_placed_blocks');
    const owed = access.name('jobs_owed_payouts');
    // In a unit of work, the row is held until the unit ends (a payout reads, caps and writes it).
    const lock = () => (access.inUnit ? ' FOR UPDATE' : '');
    return {
      player: async (uuid) => (await access.query<PlayerJobs>(`SELECT uuid, name, jobs FROM ${players} WHERE uuid = $1${lock()}`, [uuid]))[0],
      players: async () => access.query<PlayerJobs>(`SELECT uuid, name, jobs FROM ${players}`),
      save: async (records) => {
        if (records.length === 0) return;
        await access.query(
          `INSERT INTO ${players} (uuid, name, jobs) SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[])
           ON CONFLICT (uuid) DO UPDATE SET name = EXCLUDED.name, jobs = EXCLUDED.jobs`,
          [records.map((record) => record.uuid), records.map((record) => record.name), records.map((record) => JSON.stringify(record.jobs))],
        );
      },
      placedBlocks: async () =>
        (await access.query<{ position: string; placed_at: number }>(`SELECT position, placed_at FROM ${placed}`)).map((row) => [row.position, row.placed_at]),
      recordPlacedBlocks: ({ added, removed }) =>
        access.write(async (unit) => {
          if (removed.length > 0) await unit.query(`DELETE FROM ${placed} WHERE position = ANY($1::text[])`, [removed]);
          if (added.length > 0) {
            await unit.query(
              `INSERT INTO ${placed} (position, placed_at) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT (position) DO UPDATE SET placed_at = EXCLUDED.placed_at`,
              [added.map(([position]) => position), added.map(([, at]) => at)],
            );
          }
        }),
      owed: async () => (await access.query<{ payout: OwedPayout }>(`SELECT payout FROM ${owed} ORDER BY id`)).map((row) => row.payout),
      addOwed: async (payouts) => {
        if (payouts.length === 0) return;
        await access.query(`INSERT INTO ${owed} (id, payout) SELECT * FROM unnest($1::text[], $2::jsonb[]) ON CONFLICT (id) DO UPDATE SET payout = EXCLUDED.payout`, [
          payouts.map((payout) => payout.id),
          payouts.map((payout) => JSON.stringify(payout)),
        ]);
      },
      removeOwed: async (ids) => {
        if (ids.length > 0) await access.query(`DELETE FROM ${owed} WHERE id = ANY($1::text[])`, [ids]);
      },
    };
  },
};
