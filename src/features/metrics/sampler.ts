/**
 * Reads this server's figures once a minute into the metrics history: the
 * same ones the status page (GET /api/server/stats) shows, so the charts
 * agree with it. On a network each instance samples its own server (its own
 * game) under its server.id.
 */
import type { GamePort } from '../../game/port.js';
import type { RequestMetrics } from '../../lib/request-metrics.js';
import type { MetricsHistoryStore, MetricsSample } from './store.js';

export const sampleIntervalMs = 60_000;

export interface SamplerSources {
  /** This server's server.id. */
  server: string;
  /** This server's own game (not the network's). */
  game: GamePort;
  requests: RequestMetrics;
  history: MetricsHistoryStore;
  now: () => Date;
  logError: (message: string) => void;
}

export class MetricsSampler {
  private timer: NodeJS.Timeout | null = null;
  /** Requests answered as of the last sample: each sample counts those since. */
  private requestsCounted: number;
  private readonly underWay = new Set<Promise<unknown>>();

  constructor(
    private readonly sources: SamplerSources,
    private readonly intervalMs = sampleIntervalMs,
  ) {
    this.requestsCounted = sources.requests.histogram().count;
  }

  start(): void {
    this.timer = setInterval(() => void this.sampleNow().catch((error: Error) => this.sources.logError(`metrics history: ${error.message}`)), this.intervalMs);
    this.timer.unref();
  }

  /** Stops sampling; resolves once a sample under way is written. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.underWay]);
  }

  /** Reads the figures now and keeps them (the timer's work; tests call it rather than wait a minute). */
  sampleNow(): Promise<MetricsSample> {
    const work = this.read().then(async (sample) => {
      await this.sources.history.record([sample]);
      return sample;
    });
    this.underWay.add(work);
    return work.finally(() => this.underWay.delete(work));
  }

  private async read(): Promise<MetricsSample> {
    const { game, requests, server, now } = this.sources;
    const at = now().toISOString();
    const total = requests.histogram().count;
    const answered = total - this.requestsCounted;
    this.requestsCounted = total;
    const connected = game.isConnected();
    const performance = connected ? game.capability('performance') : undefined;
    const [playersOnline, ticksPerSecond, memory] = await Promise.all([
      connected
        ? game
            .onlinePlayers()
            .then((players) => players.length)
            .catch(() => null)
        : null,
      performance
        ? performance
            .ticks()
            .then((ticks) => ticks.oneMinute)
            .catch(() => null)
        : null,
      performance ? performance.memory().catch(() => null) : null,
    ]);
    return {
      server,
      at,
      playersOnline,
      ticksPerSecond,
      memoryUsedBytes: memory?.usedBytes ?? null,
      memoryMaxBytes: memory?.maxBytes ?? null,
      gatehouseRssBytes: process.memoryUsage().rss,
      requests: answered,
    };
  }
}
