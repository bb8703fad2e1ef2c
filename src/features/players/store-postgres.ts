import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { PlayerPositions, PositionStore, SeenAt } from './store.js';

interface PositionsRow {
  uuid: string;
  name: string;
  world: string;
  worlds: Record<string, SeenAt>;
}

/**
 * Players' last positions on PostgreSQL, one row a player in
 * `<prefix>player_positions`, the worlds as a JSON object that each
 * sighting merges its world into (`||`), so sightings of one player from
 * two instances at once both stay.
 */
export const postgresPositionsPart: PostgresStorePart<PositionStore> = {
  migrations: [
    {
      version: 1,
      description: 'where each player was last seen, per world',
      sql: ({ name }) => `
        CREATE TABLE ${name('player_positions')} (
          uuid text PRIMARY KEY,
          name text NOT NULL,
          world text NOT NULL,
          worlds jsonb NOT NULL,
          seen_at timestamptz NOT NULL
        );
        CREATE INDEX ${name('player_positions_name')} ON ${name('player_positions')} (lower(name COLLATE "C"), seen_at DESC);
      `,
    },
  ],
  bind: (access) => {
    const table = access.name('player_positions');
    const toPositions = (row: PositionsRow): PlayerPositions => ({ uuid: row.uuid, name: row.name, world: row.world, worlds: row.worlds });
    return {
      get: async (uuid) => {
        const [row] = await access.query<PositionsRow>(`SELECT uuid, name, world, worlds FROM ${table} WHERE uuid = $1`, [uuid]);
        return row && toPositions(row);
      },
      // Names are unique at any one time: of two rows with one name (a renamed player), the one seen last has it.
      byName: async (name) => {
        const [row] = await access.query<PositionsRow>(
          `SELECT uuid, name, world, worlds FROM ${table} WHERE lower(name COLLATE "C") = lower($1 COLLATE "C") ORDER BY seen_at DESC LIMIT 1`,
          [name],
        );
        return row && toPositions(row);
      },
      record: async (sightings) => {
        // One row per player in the statement (an upsert cannot touch a row twice): their sightings merged in order.
        const merged = new Map<string, PositionsRow & { at: string }>();
        for (const { player, location, at } of sightings) {
          const seen: SeenAt = { x: location.x, y: location.y, z: location.z, at: at.toISOString() };
          const earlier = merged.get(player.uuid);
          merged.set(player.uuid, { uuid: player.uuid, name: player.name, world: location.world, worlds: { ...(earlier?.worlds ?? {}), [location.world]: seen }, at: seen.at });
        }
        if (merged.size === 0) return;
        const rows = [...merged.values()];
        await access.query(
          `INSERT INTO ${table} (uuid, name, world, worlds, seen_at)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::timestamptz[])
           ON CONFLICT (uuid) DO UPDATE SET name = EXCLUDED.name, world = EXCLUDED.world, worlds = ${table}.worlds || EXCLUDED.worlds, seen_at = EXCLUDED.seen_at`,
          [rows.map((row) => row.uuid), rows.map((row) => row.name), rows.map((row) => row.world), rows.map((row) => JSON.stringify(row.worlds)), rows.map((row) => row.at)],
        );
      },
    };
  },
};
