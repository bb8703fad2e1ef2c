import path from 'node:path';
import type { JsonStorePart } from '../../store/json/access.js';
import { documentFile, shardedFile } from '../../store/json/table-files.js';
import type { Table } from '../../store/json/table.js';
import type { JobsStore, OwedPayout, PlayerJobs } from './store.js';

const players = 'jobPlayers';
const placed = 'jobPlacedBlocks';
const owed = 'jobOwedPayouts';

/**
 * Jobs on the JSON store, in `jobs/`: players in 4,096 files by the first
 * three hex digits of their UUID, placed blocks in 256 files by the game's
 * 512-block region, so a checkpoint rewrites only the few files where
 * players worked; owed payouts in one small document.
 */
export const jsonJobsPart: JsonStorePart<JobsStore> = {
  define: (database, dataDirectory) => {
    const directory = path.join(dataDirectory, 'jobs');
    const playerShards = new ShardKeys((uuid) => parseInt(uuid.slice(0, 3), 16) || 0);
    playerShards.follow(
      database.define<PlayerJobs>(
        { name: players },
        shardedFile(directory, {
          pattern: /^players-[0-9a-f]{3}\.json$/,
          nameOf: (shard) => `players-${shard.toString(16).padStart(3, '0')}.json`,
          shardOf: playerShards.shardOf,
          keysOf: playerShards.keysOf,
          fromDocument: (document) => ((document as { players?: PlayerJobs[] }).players ?? []).map((record) => [record.uuid, record]),
          toDocument: (records) => ({ players: records }),
        }),
      ),
    );
    const placedShards = new ShardKeys(regionShardOf);
    placedShards.follow(
      database.define<PlacedRow>(
        { name: placed },
        shardedFile(directory, {
          pattern: /^placed-[0-9a-f]{2}\.json$/,
          nameOf: (shard) => `placed-${shard.toString(16).padStart(2, '0')}.json`,
          shardOf: placedShards.shardOf,
          keysOf: placedShards.keysOf,
          fromDocument: (document) => ((document as { blocks?: Array<[string, number]> }).blocks ?? []).map(([position, at]) => [position, { position, at }]),
          toDocument: (records) => ({ blocks: records.map((row) => [row.position, row.at]) }),
        }),
      ),
    );
    database.define<OwedPayout>(
      { name: owed },
      documentFile<OwedPayout, { payouts: OwedPayout[] }>(path.join(directory, 'owed-payouts.json'), {
        fromDocument: (document) => (document.payouts ?? []).map((payout) => [payout.id, payout]),
        toDocument: (records) => ({ payouts: records.map(([, payout]) => payout) }),
        pretty: true,
      }),
    );
  },
  bind: (access) => ({
    player: async (uuid) => access.read<PlayerJobs>(players).get(uuid),
    players: async () => [...access.read<PlayerJobs>(players).values()],
    save: (records) =>
      access.write((tx) => {
        for (const record of records) tx.put(players, record.uuid, record);
      }),
    placedBlocks: async () => [...access.read<PlacedRow>(placed).values()].map((row) => [row.position, row.at]),
    recordPlacedBlocks: ({ added, removed }) =>
      access.write((tx) => {
        for (const position of removed) tx.remove(placed, position);
        for (const [position, at] of added) tx.put<PlacedRow>(placed, position, { position, at });
      }),
    owed: async () => [...access.read<OwedPayout>(owed).values()],
    addOwed: (payouts) =>
      access.write((tx) => {
        for (const payout of payouts) tx.put(owed, payout.id, payout);
      }),
    removeOwed: (ids) =>
      access.write((tx) => {
        for (const id of ids) tx.remove(owed, id);
      }),
  }),
};

interface PlacedRow {
  position: string;
  at: number;
}

/**
 * The keys each shard file holds now, followed from the table's changes, so
 * a checkpoint writes a changed shard without walking the whole table.
 */
class ShardKeys {
  private readonly keys = new Map<number, Set<string>>();

  constructor(readonly shardOf: (key: string) => number) {}

  follow<V>(table: Table<V>): void {
    table.onChange((key, _before, after) => {
      const shard = this.shardOf(key);
      let keys = this.keys.get(shard);
      if (after === undefined) {
        keys?.delete(key);
        return;
      }
      if (!keys) this.keys.set(shard, (keys = new Set()));
      keys.add(key);
    });
  }

  readonly keysOf = (shard: number): string[] => [...(this.keys.get(shard) ?? [])];
}

/** `world:x:y:z` to one of 256 shards by its 512-block region, as the game groups chunks into region files. */
function regionShardOf(position: string): number {
  const [world = '', x = '0', , z = '0'] = position.split(':');
  const region = `${world}:${Number(x) >> 9}:${Number(z) >> 9}`;
  let hash = 0;
  for (let index = 0; index < region.length; index += 1) hash = (hash * 31 + region.charCodeAt(index)) | 0;
  return hash & 0xff;
}
