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

const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

/**
 * ISO 8601 texts of instants, the date part made once a day: Date's own
 * toISOString took most of the time of bucketing a week at one minute.
 */
export class IsoInstants {
  private day = Number.NaN;
  private dayText = '';
  of(ms: number): string {
    const day = Math.floor(ms / 86_400_000);
    if (day !== this.day) {
      this.day = day;
      this.dayText = new Date(day * 86_400_000).toISOString().slice(0, 11);
    }
    const inDay = ms - day * 86_400_000;
    const hours = Math.floor(inDay / 3_600_000);
    const minutes = Math.floor((inDay % 3_600_000) / 60_000);
    const seconds = Math.floor((inDay % 60_000) / 1000);
    return `${this.dayText}${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(inDay % 1000, 3)}Z`;
  }
}

/**
 * One server's samples (oldest first) as points, one for each bucket that
 * has any. `times` are the samples' times in ms when the caller has them
 * (the JSON store keeps them beside the samples); a week at one minute is
 * 10,080 samples, so the loop keeps to numbers and makes one object a point.
 */
export function bucketSamples(
  samples: readonly MetricsSample[],
  bucketSeconds: number,
  times?: readonly number[],
  /** The part of `samples` to bucket: from this index to `endIndex` (exclusive). */
  startIndex = 0,
  endIndex = samples.length,
): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  const instants = new IsoInstants();
  const width = bucketSeconds * 1000;
  let index = startIndex;
  while (index < endIndex) {
    const start = bucketStart(times ? times[index]! : Date.parse(samples[index]!.at), bucketSeconds);
    const end = start + width;
    let count = 0;
    let players: number | null = null;
    let ticksSum = 0;
    let ticksCount = 0;
    let usedSum = 0;
    let usedCount = 0;
    let max: number | null = null;
    let rssSum = 0;
    let requests = 0;
    for (; index < endIndex; index += 1) {
      const sample = samples[index]!;
      if ((times ? times[index]! : Date.parse(sample.at)) >= end) break;
      count += 1;
      if (sample.playersOnline !== null && (players === null || sample.playersOnline > players)) players = sample.playersOnline;
      if (sample.ticksPerSecond !== null) {
        ticksSum += sample.ticksPerSecond;
        ticksCount += 1;
      }
      if (sample.memoryUsedBytes !== null) {
        usedSum += sample.memoryUsedBytes;
        usedCount += 1;
      }
      if (sample.memoryMaxBytes !== null && (max === null || sample.memoryMaxBytes > max)) max = sample.memoryMaxBytes;
      rssSum += sample.gatehouseRssBytes;
      requests += sample.requests;
    }
    points.push({
      at: instants.of(start),
      samples: count,
      playersOnline: players,
      ticksPerSecond: ticksCount === 0 ? null : roundTicks(ticksSum / ticksCount),
      memoryUsedBytes: usedCount === 0 ? null : roundBytes(usedSum / usedCount),
      memoryMaxBytes: max,
      gatehouseRssBytes: Math.round(rssSum / count),
      requests,
    });
  }
  return points;
}

/** The index of the first value at or after `value` in ascending `values` (their length when none is). */
export function firstAtOrAfter(values: readonly number[], value: number): number {
  if (values.length === 0 || values[values.length - 1]! < value) return values.length;
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
