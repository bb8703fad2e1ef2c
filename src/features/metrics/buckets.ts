/**
 * How samples become a chart's points: resolutions, the bucket a sample falls
 * in, and what a bucket shows (the peak of players, averages of gauges, the
 * sum of requests). The JSON store buckets here; PostgreSQL does the same in
 * SQL and rounds here, so both answer alike.
 */
import type { HistoryPoint, MetricsSample } from './store.js';

export const resolutions = { '1m': 60, '5m': 300, '15m': 900, '1h': 3600, '1d': 86_400 } as const;
export type Resolution = keyof typeof resolutions;
export const resolutionNames = Object.keys(resolutions) as Resolution[];

/** The start of the bucket holding `ms` (ms since the epoch). */
export function bucketStart(ms: number, bucketSeconds: number): number {
  const width = bucketSeconds * 1000;
  return Math.floor(ms / width) * width;
}

/** Ticks per second to two decimals, bytes to whole bytes: averages as the API shows them. */
export const roundTicks = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);
export const roundBytes = (value: number | null): number | null => (value === null ? null : Math.round(value));

class Mean {
  private sum = 0;
  private count = 0;
  add(value: number | null): void {
    if (value === null) return;
    this.sum += value;
    this.count += 1;
  }
  value(): number | null {
    return this.count === 0 ? null : this.sum / this.count;
  }
}

const larger = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b));

interface Bucket {
  start: number;
  count: number;
  players: number | null;
  ticks: Mean;
  used: Mean;
  max: number | null;
  rss: Mean;
  requests: number;
}

function pointOf(bucket: Bucket): HistoryPoint {
  return {
    at: new Date(bucket.start).toISOString(),
    samples: bucket.count,
    playersOnline: bucket.players,
    ticksPerSecond: roundTicks(bucket.ticks.value()),
    memoryUsedBytes: roundBytes(bucket.used.value()),
    memoryMaxBytes: bucket.max,
    gatehouseRssBytes: roundBytes(bucket.rss.value()) ?? 0,
    requests: bucket.requests,
  };
}

/** One server's samples (oldest first) as points, one for each bucket that has any. */
export function bucketSamples(samples: Iterable<MetricsSample>, bucketSeconds: number): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  let current: Bucket | undefined;
  for (const sample of samples) {
    const start = bucketStart(Date.parse(sample.at), bucketSeconds);
    if (current === undefined || current.start !== start) {
      if (current) points.push(pointOf(current));
      current = { start, count: 0, players: null, ticks: new Mean(), used: new Mean(), max: null, rss: new Mean(), requests: 0 };
    }
    current.count += 1;
    current.players = larger(current.players, sample.playersOnline);
    current.ticks.add(sample.ticksPerSecond);
    current.used.add(sample.memoryUsedBytes);
    current.max = larger(current.max, sample.memoryMaxBytes);
    current.rss.add(sample.gatehouseRssBytes);
    current.requests += sample.requests;
  }
  if (current) points.push(pointOf(current));
  return points;
}
