/**
 * The PostgreSQL history's memory of buckets that are over. A week at one
 * minute is 10,080 buckets a server: PostgreSQL takes some 12 ms to make them
 * from the samples, and this process as long again to read them, and a chart
 * asks for the same week every minute. A bucket that ended `settleMs` ago gets
 * no more samples (each server's sampler writes a sample at the moment it
 * takes it), so its points are kept here and only the buckets since are read
 * again each time.
 *
 * What this cannot see is forgotten in time: every `rebuildMs` the whole is
 * read again (a server whose clock is behind by more than `settleMs` writes
 * into buckets already kept); this instance's own writes into the past and
 * retention forget it at once.
 */
import { bucketStart, firstAtOrAfter } from './buckets.js';
import type { HistoryPoint, ServerSeries } from './store.js';

/** Reads the points of the whole buckets from `from` (inclusive) to `to` (exclusive), by server. */
export type ReadBuckets = (from: number, to: number, bucketSeconds: number) => Promise<ServerSeries[]>;

interface Kept {
  /** The buckets kept start at or after `from` and end at or before `until` (both bucket boundaries). */
  from: number;
  until: number;
  madeAt: number;
  byServer: Map<string, { starts: number[]; points: HistoryPoint[] }>;
}

export class SettledBuckets {
  private readonly byResolution = new Map<number, Kept>();
  /** Counts what made kept buckets stale: a read that began before one is used, never kept. */
  private changes = 0;

  constructor(
    private readonly read: ReadBuckets,
    private readonly now: () => number = Date.now,
    private readonly settleMs = 5 * 60_000,
    private readonly rebuildMs = 60 * 60_000,
  ) {}

  /** Every server's points of the range: the settled whole buckets from memory, the buckets at either end read now. */
  async series(fromMs: number, toMs: number, bucketSeconds: number): Promise<ServerSeries[]> {
    const width = bucketSeconds * 1000;
    const firstWhole = bucketStart(fromMs + width - 1, bucketSeconds);
    const settledEnd = Math.min(bucketStart(toMs, bucketSeconds), bucketStart(this.now() - this.settleMs, bucketSeconds));
    if (settledEnd <= firstWhole) return this.read(fromMs, toMs, bucketSeconds);
    const kept = await this.keep(firstWhole, settledEnd, bucketSeconds);
    const [head, tail] = await Promise.all([firstWhole > fromMs ? this.read(fromMs, firstWhole, bucketSeconds) : Promise.resolve([]), this.read(settledEnd, toMs, bucketSeconds)]);
    const servers = new Set([...head, ...tail].map((series) => series.server));
    for (const server of kept.byServer.keys()) servers.add(server);
    const pointsOf = (parts: ServerSeries[], server: string) => parts.find((series) => series.server === server)?.points ?? [];
    return [...servers]
      .sort()
      .map((server) => ({ server, points: [...pointsOf(head, server), ...keptPoints(kept, server, firstWhole, settledEnd), ...pointsOf(tail, server)] }))
      .filter((series) => series.points.length > 0);
  }

  /** Samples were written: buckets kept at or after the earliest of them are forgotten. */
  wrote(earliestMs: number): void {
    this.changes += 1;
    for (const [bucketSeconds, kept] of this.byResolution) if (earliestMs < kept.until) this.byResolution.delete(bucketSeconds);
  }

  /** Samples were deleted (retention): everything is forgotten. */
  deleted(): void {
    this.changes += 1;
    this.byResolution.clear();
  }

  /** The buckets from `from` to `until` kept: what was kept and still covers them, extended to `until`, or read whole. */
  private async keep(from: number, until: number, bucketSeconds: number): Promise<Kept> {
    const kept = this.byResolution.get(bucketSeconds);
    const fresh = kept !== undefined && this.now() - kept.madeAt < this.rebuildMs && kept.from <= from;
    if (fresh && kept.until >= until) return kept;
    const changes = this.changes;
    if (fresh && kept.until >= from) {
      const added = await this.read(kept.until, until, bucketSeconds);
      if (this.changes !== changes || this.byResolution.get(bucketSeconds) !== kept) return this.keep(from, until, bucketSeconds);
      // Another read may have extended it meanwhile: only what is still past its end is added.
      const end = kept.until;
      for (const series of added) {
        const server = kept.byServer.get(series.server) ?? { starts: [], points: [] };
        kept.byServer.set(series.server, server);
        for (const point of series.points) {
          const start = Date.parse(point.at);
          if (start < end) continue;
          server.starts.push(start);
          server.points.push(point);
        }
      }
      kept.until = Math.max(end, until);
      return kept;
    }
    const madeAt = this.now();
    const read = await this.read(from, until, bucketSeconds);
    const made: Kept = {
      from,
      until,
      madeAt,
      byServer: new Map(read.map((series) => [series.server, { starts: series.points.map((point) => Date.parse(point.at)), points: series.points }])),
    };
    if (this.changes === changes) this.byResolution.set(bucketSeconds, made);
    return made;
  }
}

/** A server's kept points whose buckets start from `from` to before `until`. */
function keptPoints(kept: Kept, server: string, from: number, until: number): HistoryPoint[] {
  const series = kept.byServer.get(server);
  if (!series) return [];
  return series.points.slice(firstAtOrAfter(series.starts, from), firstAtOrAfter(series.starts, until));
}
