import type { PostgresAccess, PostgresStorePart } from '../../store/postgres/access.js';
import { IsoInstants, roundBytes, roundTicks } from './buckets.js';
import { type ReadBuckets, SettledBuckets } from './settled-buckets.js';
import type { MetricsHistoryStore, ServerSeries } from './store.js';

interface BucketRow {
  server: string;
  /** Seconds since the epoch (bigint: as text). */
  bucket: string;
  samples: number;
  players_online: number | null;
  ticks_per_second: number | null;
  memory_used_bytes: number | null;
  memory_max_bytes: number | null;
  gatehouse_rss_bytes: number;
  requests: number;
}

/**
 * The metrics history on PostgreSQL: `<prefix>metrics_history`, a row a
 * sample, keyed by server and time (the key is the index every range read
 * uses). Every instance of a network writes its own server's rows and reads
 * everyone's. The buckets are made in SQL, as buckets.ts makes them.
 */
export const postgresMetricsHistoryPart: PostgresStorePart<MetricsHistoryStore> = {
  migrations: [
    {
      version: 1,
      description: 'metrics history',
      sql: ({ name }) => `
        CREATE TABLE ${name('metrics_history')} (
          server text NOT NULL,
          at timestamptz NOT NULL,
          players_online integer,
          ticks_per_second double precision,
          memory_used_bytes bigint,
          memory_max_bytes bigint,
          gatehouse_rss_bytes bigint NOT NULL,
          requests integer NOT NULL,
          PRIMARY KEY (server, at)
        );
        CREATE INDEX ${name('metrics_history_at')} ON ${name('metrics_history')} (at);
      `,
    },
  ],
  bind: (access) => {
    const history = access.name('metrics_history');
    // Bound once for the store's own use (a unit of work binds its own, which never reads series).
    const settled = new SettledBuckets(bucketsReader(access, history));
    return {
      record: async (samples) => {
        // One row a server and instant, the last sample winning, as a second INSERT of the same key would.
        const unique = [...new Map(samples.map((sample) => [`${sample.server} ${Date.parse(sample.at)}`, sample])).values()];
        if (unique.length === 0) return;
        // Arrays, one a column: one statement whatever the count, and no bound on parameters.
        const column = <T>(read: (sample: (typeof unique)[number]) => T) => unique.map(read);
        await access.query(
          `INSERT INTO ${history} (server, at, players_online, ticks_per_second, memory_used_bytes, memory_max_bytes, gatehouse_rss_bytes, requests)
           SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::integer[], $4::double precision[], $5::bigint[], $6::bigint[], $7::bigint[], $8::integer[])
           ON CONFLICT (server, at) DO UPDATE SET players_online = EXCLUDED.players_online, ticks_per_second = EXCLUDED.ticks_per_second,
             memory_used_bytes = EXCLUDED.memory_used_bytes, memory_max_bytes = EXCLUDED.memory_max_bytes,
             gatehouse_rss_bytes = EXCLUDED.gatehouse_rss_bytes, requests = EXCLUDED.requests`,
          [
            column((sample) => sample.server),
            column((sample) => sample.at),
            column((sample) => sample.playersOnline),
            column((sample) => sample.ticksPerSecond),
            column((sample) => sample.memoryUsedBytes),
            column((sample) => sample.memoryMaxBytes),
            column((sample) => sample.gatehouseRssBytes),
            column((sample) => sample.requests),
          ],
        );
        settled.wrote(Math.min(...unique.map((sample) => Date.parse(sample.at))));
      },
      series: ({ from, to, bucketSeconds }) => settled.series(from.getTime(), to.getTime(), bucketSeconds),
      deleteBefore: async (cutoff) => {
        const [gone] = await access.query<{ count: number }>(`WITH gone AS (DELETE FROM ${history} WHERE at < $1 RETURNING 1) SELECT count(*)::integer AS count FROM gone`, [
          cutoff.toISOString(),
        ]);
        settled.deleted();
        return gone?.count ?? 0;
      },
    };
  },
};

/** Every server's buckets of the samples from `fromMs` (inclusive) to `toMs` (exclusive), made in SQL as buckets.ts makes them. */
function bucketsReader(access: PostgresAccess, history: string): ReadBuckets {
  return async (fromMs, toMs, bucketSeconds) => {
    // Buckets are whole multiples of the resolution since the epoch, counted in double precision
    // (exact for whole seconds, and far cheaper than extract's numeric).
    const rows = await access.query<BucketRow>(
      `SELECT server,
                  (floor(date_part('epoch', at) / $3::double precision) * $3::double precision)::bigint AS bucket,
                  count(*)::integer AS samples,
                  max(players_online) AS players_online,
                  avg(ticks_per_second) AS ticks_per_second,
                  avg(memory_used_bytes)::double precision AS memory_used_bytes,
                  max(memory_max_bytes)::double precision AS memory_max_bytes,
                  avg(gatehouse_rss_bytes)::double precision AS gatehouse_rss_bytes,
                  sum(requests)::double precision AS requests
             FROM ${history}
            WHERE at >= $1 AND at < $2
            GROUP BY server, bucket
            ORDER BY server, bucket`,
      [new Date(fromMs).toISOString(), new Date(toMs).toISOString(), bucketSeconds],
    );
    const byServer = new Map<string, ServerSeries>();
    const instants = new IsoInstants();
    for (const row of rows) {
      let series = byServer.get(row.server);
      if (!series) {
        series = { server: row.server, points: [] };
        byServer.set(row.server, series);
      }
      series.points.push({
        at: instants.of(Number(row.bucket) * 1000),
        samples: row.samples,
        playersOnline: row.players_online,
        ticksPerSecond: roundTicks(row.ticks_per_second),
        memoryUsedBytes: roundBytes(row.memory_used_bytes),
        memoryMaxBytes: row.memory_max_bytes,
        gatehouseRssBytes: roundBytes(row.gatehouse_rss_bytes) ?? 0,
        requests: row.requests,
      });
    }
    // The JSON store's order: servers by code point, whatever the database's collation says.
    return [...byServer.values()].sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : 0));
  };
}
