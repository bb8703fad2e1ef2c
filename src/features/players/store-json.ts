import path from 'node:path';
import { asciiLowerCase } from '../../lib/ascii.js';
import type { JsonStorePart } from '../../store/json/access.js';
import { shardedFile } from '../../store/json/table-files.js';
import type { PlayerPositions, PositionStore, SeenAt } from './store.js';

const table = 'playerPositions';

/** Players' last positions on the JSON store, in `players/positions-<hex digit>.json`. */
export const jsonPositionsPart: JsonStorePart<PositionStore> = {
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
};
