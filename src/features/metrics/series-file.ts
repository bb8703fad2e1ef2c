/**
 * The metrics history on the JSON store: JSON Lines, one file per UTC day
 * (`metrics-history/2026-11-24.jsonl`), and every sample also in memory,
 * each server's in time order, so a week at one a minute (10,080 samples a
 * server, about 2 MB) is bucketed without reading a file.
 *
 * Samples are not records of a unit of work: nothing writes them together
 * with anything else, so they skip the journal and go straight to their day
 * file, one line each, synced before the write resolves (as the connection
 * log's do). The files are read once, on first use; a last line torn by a
 * crash (never acknowledged) is cut off then. Retention deletes whole day
 * files.
 */
import { mkdir, readdir, readFile, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import { appendDurably, privateDirectoryMode } from '../../lib/durable-file.js';
import { bucketSamples, bucketStart, firstAtOrAfter } from './buckets.js';
import type { HistoryPoint, MetricsHistoryStore, MetricsSample, SeriesRange, ServerSeries } from './store.js';

const dayFilePattern = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;
const dayMs = 24 * 3600_000;

export class SeriesFile implements MetricsHistoryStore {
  /** Each server's samples, oldest first, with their times in ms beside them for the binary search. */
  private readonly byServer = new Map<string, ServerSamples>();
  private loaded: Promise<void> | null = null;
  /** Writes go one after another, so that two never interleave in a file. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly directory: string) {}

  async record(samples: readonly MetricsSample[]): Promise<void> {
    await this.load();
    const linesByDay = new Map<string, string>();
    for (const sample of samples) linesByDay.set(sample.at.slice(0, 10), `${linesByDay.get(sample.at.slice(0, 10)) ?? ''}${JSON.stringify(sample)}\n`);
    const write = this.writing.then(async () => {
      for (const [day, lines] of linesByDay) await appendDurably(path.join(this.directory, `${day}.jsonl`), lines);
    });
    this.writing = write.catch(() => undefined);
    await write;
    for (const sample of samples) this.remember(sample);
  }

  async series(range: SeriesRange): Promise<ServerSeries[]> {
    await this.load();
    const from = range.from.getTime();
    const to = range.to.getTime();
    return [...this.byServer.keys()]
      .sort()
      .map((server) => ({ server, points: pointsOf(this.byServer.get(server)!, from, to, range.bucketSeconds) }))
      .filter((series) => series.points.length > 0);
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    await this.load();
    await this.writing;
    let deleted = 0;
    let keptFrom = -Infinity;
    for (const file of await this.dayFiles()) {
      const dayStart = Date.parse(`${file.slice(0, 10)}T00:00:00.000Z`);
      if (dayStart + dayMs > cutoff.getTime()) continue;
      await rm(path.join(this.directory, file), { force: true });
      deleted += 1;
      keptFrom = Math.max(keptFrom, dayStart + dayMs);
    }
    if (deleted > 0) {
      for (const [server, series] of this.byServer) {
        series.closed.clear();
        const first = firstAtOrAfter(series.times, keptFrom);
        series.times.splice(0, first);
        series.samples.splice(0, first);
        if (series.samples.length === 0) this.byServer.delete(server);
      }
    }
    return deleted;
  }

  private load(): Promise<void> {
    this.loaded ??= this.readFiles();
    return this.loaded;
  }

  private async readFiles(): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: privateDirectoryMode });
    for (const file of await this.dayFiles()) {
      const fullPath = path.join(this.directory, file);
      const text = await readFile(fullPath, 'utf8');
      const complete = text.slice(0, text.lastIndexOf('\n') + 1);
      if (complete.length !== text.length) await truncate(fullPath, Buffer.byteLength(complete));
      for (const line of complete.split('\n')) {
        if (!line) continue;
        try {
          this.remember(JSON.parse(line) as MetricsSample);
        } catch {
          // A damaged line is skipped rather than hiding the rest of the day.
        }
      }
    }
  }

  /** Adds a sample in time order (they nearly always come last), replacing one of its server at the same instant. */
  private remember(sample: MetricsSample): void {
    let series = this.byServer.get(sample.server);
    if (!series) {
      series = { times: [], samples: [], closed: new Map() };
      this.byServer.set(sample.server, series);
    }
    const time = Date.parse(sample.at);
    const index = firstAtOrAfter(series.times, time);
    // Anywhere but after the newest, it may change a bucket thought closed.
    if (index < series.times.length) series.closed.clear();
    if (series.times[index] === time) {
      series.samples[index] = sample;
    } else {
      series.times.splice(index, 0, time);
      series.samples.splice(index, 0, sample);
    }
  }

  private async dayFiles(): Promise<string[]> {
    return (await readdir(this.directory)).filter((name) => dayFilePattern.test(name)).sort();
  }
}

interface ServerSamples {
  times: number[];
  samples: MetricsSample[];
  /**
   * Points of closed buckets (ending at or before the newest sample, so no
   * sample of the minute-by-minute sampler can join them), by resolution and
   * start: charts ask for the same week again and again. Emptied when a
   * sample lands anywhere but last, and when retention deletes samples.
   */
  closed: Map<number, Map<number, HistoryPoint>>;
}

/** One server's points in the range: closed buckets wholly inside it from memory, the others made now. */
function pointsOf(series: ServerSamples, from: number, to: number, bucketSeconds: number): HistoryPoint[] {
  const { times, samples } = series;
  const width = bucketSeconds * 1000;
  const newest = times[times.length - 1] ?? -Infinity;
  let memo = series.closed.get(bucketSeconds);
  if (!memo) {
    memo = new Map();
    series.closed.set(bucketSeconds, memo);
  }
  const points: HistoryPoint[] = [];
  const end = firstAtOrAfter(times, to);
  let index = firstAtOrAfter(times, from);
  while (index < end) {
    const start = bucketStart(times[index]!, bucketSeconds);
    let next = index + 1;
    while (next < end && times[next]! < start + width) next += 1;
    if (start >= from && start + width <= to && start + width <= newest) {
      let point = memo.get(start);
      if (!point) {
        point = bucketSamples(samples, bucketSeconds, times, index, next)[0]!;
        memo.set(start, point);
      }
      points.push(point);
    } else {
      points.push(...bucketSamples(samples, bucketSeconds, times, index, next));
    }
    index = next;
  }
  return points;
}
