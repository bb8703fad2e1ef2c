import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { PendingRestart, RestartStore } from './store.js';

/** Pending restarts on PostgreSQL: `<prefix>pending_restarts`, a row per server, locked like the settings when read inside a unit of work. */
export const postgresRestartsPart: PostgresStorePart<RestartStore> = {
  migrations: [
    {
      version: 1,
      // The store's core made this table before the restarts kept their own: a database it made keeps it. One made by
      // the core's first version alone still has the single pending restart of <prefix>restart: it becomes main's.
      description: 'pending restarts by server (adopting the table the core made, or its older one-row table)',
      sql: ({ name }) => `
        CREATE TABLE IF NOT EXISTS ${name('pending_restarts')} (
          server text PRIMARY KEY,
          pending json NOT NULL
        );
        DO $$
        BEGIN
          IF to_regclass('${name('restart')}') IS NOT NULL THEN
            INSERT INTO ${name('pending_restarts')} (server, pending)
              SELECT 'main', pending FROM ${name('restart')} WHERE id = 1 AND pending IS NOT NULL
              ON CONFLICT (server) DO NOTHING;
            DROP TABLE ${name('restart')};
          END IF;
        END
        $$;
      `,
    },
  ],
  bind: (access) => {
    const table = access.name('pending_restarts');
    return {
      load: async (server) => {
        const [row] = await access.query<{ pending: PendingRestart }>(`SELECT pending FROM ${table} WHERE server = $1${access.inUnit ? ' FOR UPDATE' : ''}`, [server]);
        return row?.pending ?? null;
      },
      save: async (server, pending) => {
        if (pending === null) {
          await access.query(`DELETE FROM ${table} WHERE server = $1`, [server]);
          return;
        }
        await access.query(`INSERT INTO ${table} (server, pending) VALUES ($1, $2) ON CONFLICT (server) DO UPDATE SET pending = EXCLUDED.pending`, [
          server,
          JSON.stringify(pending),
        ]);
      },
    };
  },
};
