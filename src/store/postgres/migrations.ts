import type { PostgresMigration } from './access.js';
import type { PostgresDatabase } from './database.js';

/** A schema with its name in the version table: `core`, or a store part's name. */
export interface SchemaComponent {
  name: string;
  migrations: PostgresMigration[];
}

/**
 * Brings the database's schema up to date at start: every migration of
 * every component not yet recorded in `<prefix>schema_versions` runs, in
 * version order, each in a transaction with its record. Instances starting
 * at once take turns through a session advisory lock (per table prefix), so
 * each migration runs exactly once; the second finds it recorded. A database
 * whose schema is newer than this Gatehouse knows stops start-up, rather
 * than being written by code that does not know its tables.
 */
export async function migrate(database: PostgresDatabase, components: SchemaComponent[], logInfo: (message: string) => void = () => undefined): Promise<void> {
  for (const component of components) checkVersions(component);
  const versions = database.name('schema_versions');
  const session = await database.openSession();
  try {
    await session.query('SELECT pg_advisory_lock($1)', [database.lockKey('migrations')]);
    try {
      await session.query(
        `CREATE TABLE IF NOT EXISTS ${versions} (
           component text NOT NULL,
           version integer NOT NULL,
           description text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now(),
           PRIMARY KEY (component, version)
         )`,
      );
      const rows = await session.query<{ component: string; version: number }>(`SELECT component, max(version) AS version FROM ${versions} GROUP BY component`);
      const applied = new Map(rows.map((row) => [row.component, row.version]));
      for (const component of components) {
        const current = applied.get(component.name) ?? 0;
        const known = component.migrations.length;
        if (current > known) {
          throw new Error(
            `the database's ${component.name} schema (${versions}) is at version ${current}, newer than this Gatehouse knows (${known}): upgrade Gatehouse, or point it at another database or table-prefix`,
          );
        }
        for (const migration of component.migrations.slice(current)) {
          await session.query('BEGIN');
          try {
            await session.query(migration.sql({ name: (table) => database.name(table), lockKey: (name) => database.lockKey(name) }));
            await session.query(`INSERT INTO ${versions} (component, version, description) VALUES ($1, $2, $3)`, [component.name, migration.version, migration.description]);
            await session.query('COMMIT');
          } catch (error) {
            await session.query('ROLLBACK').catch(() => undefined);
            throw new Error(`the ${component.name} schema's migration ${migration.version} (${migration.description}) failed: ${(error as Error).message}`, { cause: error });
          }
          logInfo(`store: ${component.name} schema migrated to version ${migration.version}: ${migration.description}`);
        }
      }
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [database.lockKey('migrations')]).catch(() => undefined);
    }
  } finally {
    session.release();
  }
}

function checkVersions(component: SchemaComponent): void {
  component.migrations.forEach((migration, index) => {
    if (migration.version !== index + 1)
      throw new Error(`the ${component.name} schema's migrations must be numbered 1, 2, 3, ... in order; found ${migration.version} at position ${index + 1}`);
  });
}
