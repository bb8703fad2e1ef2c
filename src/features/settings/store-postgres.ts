import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { SettingsOverrides, SettingsStore } from './store.js';

/**
 * The settings on PostgreSQL: `<prefix>settings`, one row (made by the
 * migration, so there is always a row to lock). Read inside a unit of work,
 * the row is locked until the unit ends: a read-modify-write of the settings
 * is never lost to another running at the same time.
 */
export const postgresSettingsPart: PostgresStorePart<SettingsStore> = {
  migrations: [
    {
      version: 1,
      // The store's core made this table before the settings kept their own: a database it made keeps it, and its row.
      description: 'the settings changed through the API (adopting the table the core made)',
      sql: ({ name }) => `
        CREATE TABLE IF NOT EXISTS ${name('settings')} (
          id integer PRIMARY KEY CHECK (id = 1),
          overrides json NOT NULL
        );
        INSERT INTO ${name('settings')} (id, overrides) VALUES (1, '{}') ON CONFLICT (id) DO NOTHING;
      `,
    },
  ],
  bind: (access) => ({
    load: async () => {
      const [row] = await access.query<{ overrides: SettingsOverrides }>(`SELECT overrides FROM ${access.name('settings')} WHERE id = 1${access.inUnit ? ' FOR UPDATE' : ''}`);
      return row?.overrides ?? {};
    },
    save: async (overrides) => {
      await access.query(`UPDATE ${access.name('settings')} SET overrides = $1 WHERE id = 1`, [JSON.stringify(overrides)]);
    },
  }),
};
