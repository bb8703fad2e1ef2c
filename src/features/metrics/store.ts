/**
 * What the metrics history keeps in the store: one sample a minute of each
 * server (players online, ticks per second, memory, requests answered), and
 * the series read back in buckets. A store part: its implementations are
 * store-json.ts and store-postgres.ts, which both bucket as buckets.ts says.
 */
import { storePart } from '../../store/port.js';

/** One server's figures at one moment, as the sampler read them. */
export interface MetricsSample {
  /** The server's server.id. */
  server: string;
  /** When it was read (ISO 8601, UTC). */
  at: string;
  /** Players on this server; null while the game is away. */
  playersOnline: number | null;
  /** Ticks per second over the last minute; null where the game cannot tell. */
  ticksPerSecond: number | null;
  /** The game's memory; null where the game does not report it (the embedded server is Gatehouse's own process). */
  memoryUsedBytes: number | null;
  memoryMaxBytes: number | null;
  /** Gatehouse's resident memory. */
  gatehouseRssBytes: number;
  /** API requests answered since the previous sample. */
  requests: number;
}

/** The samples of one bucket, combined. */
export interface HistoryPoint {
  /** The bucket's start (a multiple of the resolution since the epoch, so a day starts at 00:00 UTC). */
  at: string;
  /** How many samples the bucket holds. */
  samples: number;
  /** The most players online at once. */
  playersOnline: number | null;
  /** The average. */
  ticksPerSecond: number | null;
  /** The average. */
  memoryUsedBytes: number | null;
  /** The largest. */
  memoryMaxBytes: number | null;
  /** The average. */
  gatehouseRssBytes: number;
  /** The sum. */
  requests: number;
}

export interface ServerSeries {
  server: string;
  /** Oldest first; buckets without samples are left out. */
  points: HistoryPoint[];
}

export interface SeriesRange {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  bucketSeconds: number;
}

export interface MetricsHistoryStore {
  /** Keeps the samples (several at once share one write); a second sample of a server at the same instant replaces the first. */
  record(samples: readonly MetricsSample[]): Promise<void>;
  /** Every server's samples in the range, bucketed; servers by name. */
  series(range: SeriesRange): Promise<ServerSeries[]>;
  /** Deletes samples older than `cutoff` (on the JSON store, whole UTC days); returns how many went (samples, or day files). */
  deleteBefore(cutoff: Date): Promise<number>;
}

/** The metrics history's store part (never rename it: the name is kept in data). */
export const metricsHistoryPart = storePart<MetricsHistoryStore>('metricsHistory');
