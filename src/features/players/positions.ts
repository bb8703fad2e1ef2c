/**
 * Where players were last seen in each world, kept from joins, quits,
 * teleports and a look at who is online every 30 s: a store part, so it
 * survives restarts.
 */
import path from 'node:path';
import type { Location, PlayerRef } from '../../game/port.js';
import { asciiLowerCase } from '../../lib/ascii.js';
import type { StorePart } from '../../store/port.js';
import { shardedFile } from '../../store/json/table-files.js';
import { postgresPositionsPart } from './positions-postgres.js';

export interface SeenAt {
  x: number;
  y: number;
  z: number;
  at: string;
}

export interface PlayerPositions {
  uuid: string;
  name: string;
  /** The world the player was last in. */
  world: string;
  worlds: Record<string, SeenAt>;
}

export interface PositionStore {
  get(uuid: string): Promise<PlayerPositions | undefined>;
  byName(name: string): Promise<PlayerPositions | undefined>;
  /** Records several sightings in one write. */
  record(sightings: Array<{ player: PlayerRef; location: Location; at: Date }>): Promise<void>;
}

const table = 'playerPositions';

export const positionsPart: StorePart<PositionStore> = {
  name: 'player-positions',
  postgres: postgresPositionsPart,
  json: {
    define: (database, dataDirectory) => {
      database.define<PlayerPositions>(
        { name: table, uniqueIndexes: { name: (positions) => asciiLowerCase(positions.name) } },
        // Sharded by the UUID's first hex digit: a sighting rewrites a sixteenth of them.
        shardedFile(path.join(dataDirectory, 'players'), {
          pattern: /^positions-[0-9a-f]\.json$/,
          nameOf: (shard) => `positions-${shard.toString(16)}.json`,
          shardOf: (key) => parseInt(key[0] ?? '0', 16) || 0,
          fromDocument: (document) => ((document as { players?: PlayerPositions[] }).players ?? []).map((positions) => [positions.uuid, positions]),
          toDocument: (records) => ({ players: records }),
        }),
      );
    },
    bind: (access) => ({
      get: async (uuid) => access.read<PlayerPositions>(table).get(uuid),
      byName: async (name) => access.read<PlayerPositions>(table).findBy('name', asciiLowerCase(name)),
      record: (sightings) =>
        access.write((tx) => {
          for (const { player, location, at } of sightings) {
            const known = tx.get<PlayerPositions>(table, player.uuid);
            const seen: SeenAt = { x: location.x, y: location.y, z: location.z, at: at.toISOString() };
            tx.put<PlayerPositions>(table, player.uuid, {
              uuid: player.uuid,
              name: player.name,
              world: location.world,
              worlds: { ...(known?.worlds ?? {}), [location.world]: seen },
            });
          }
        }),
    }),
  },
};
