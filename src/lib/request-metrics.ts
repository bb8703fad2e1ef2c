/**
 * What the API served: requests by route and status since start (for
 * /metrics), a latency histogram, and the last five minutes in one-second
 * slices (for /api/server/stats: requests by status class, p50 and p99).
 * Bounded: the routes are the declared ones (an unknown path counts as
 * "unmatched"), and the window keeps 300 slices.
 */

/** Upper bounds of the latency histogram, in seconds (Prometheus' convention). */
export const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Finer bounds for the window's percentiles, in milliseconds: a percentile is reported as the bound it falls under. */
const windowBounds = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 7.5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 2000, 5000, 10000, Infinity];
const windowSeconds = 300;
const statusClasses = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

interface Slice {
  second: number;
  byClass: Record<string, number>;
  latencies: number[];
}

export interface RouteCount {
  route: string;
  status: number;
  count: number;
}

export class RequestMetrics {
  /** By route, then status: no key is made per request (this runs for every answer). */
  private readonly counts = new Map<string, Map<number, RouteCount>>();
  private readonly bucketCounts = latencyBuckets.map(() => 0);
  private latencySum = 0;
  private latencyCount = 0;
  private readonly slices: Slice[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  record(route: string, status: number, milliseconds: number): void {
    let byStatus = this.counts.get(route);
    if (!byStatus) this.counts.set(route, (byStatus = new Map()));
    const count = byStatus.get(status);
    if (count) count.count += 1;
    else byStatus.set(status, { route, status, count: 1 });
    const seconds = milliseconds / 1000;
    for (let index = latencyBuckets.length - 1; index >= 0 && seconds <= latencyBuckets[index]!; index -= 1) this.bucketCounts[index]! += 1;
    this.latencySum += seconds;
    this.latencyCount += 1;
    const slice = this.currentSlice();
    const statusClass = statusClasses[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`;
    slice.byClass[statusClass] = (slice.byClass[statusClass] ?? 0) + 1;
    let bound = 0;
    while (milliseconds > windowBounds[bound]!) bound += 1;
    slice.latencies[bound]! += 1;
  }

  /** Requests by route and status since start. */
  routeCounts(): RouteCount[] {
    return [...this.counts.values()].flatMap((byStatus) => [...byStatus.values()].map((count) => ({ ...count })));
  }

  /** The histogram since start: cumulative counts per bound, the sum of latencies and the count. */
  histogram(): { buckets: Array<{ le: number; count: number }>; sum: number; count: number } {
    return { buckets: latencyBuckets.map((le, index) => ({ le, count: this.bucketCounts[index]! })), sum: this.latencySum, count: this.latencyCount };
  }

  /** The last five minutes: requests by status class and the latency's p50 and p99 (upper bounds, ms). */
  recent(): { requests: number; byStatusClass: Record<string, number>; p50Ms: number | null; p99Ms: number | null; seconds: number } {
    const oldest = Math.floor(this.now() / 1000) - windowSeconds + 1;
    const byStatusClass: Record<string, number> = {};
    const latencies = windowBounds.map(() => 0);
    for (const slice of this.slices) {
      if (slice.second < oldest) continue;
      for (const [statusClass, count] of Object.entries(slice.byClass)) byStatusClass[statusClass] = (byStatusClass[statusClass] ?? 0) + count;
      slice.latencies.forEach((count, index) => {
        latencies[index]! += count;
      });
    }
    const requests = latencies.reduce((sum, count) => sum + count, 0);
    const percentile = (share: number): number | null => {
      if (requests === 0) return null;
      let seen = 0;
      for (const [index, count] of latencies.entries()) {
        seen += count;
        if (seen >= Math.ceil(requests * share)) return windowBounds[index] === Infinity ? windowBounds[index - 1]! : windowBounds[index]!;
      }
      return null;
    };
    return { requests, byStatusClass, p50Ms: percentile(0.5), p99Ms: percentile(0.99), seconds: windowSeconds };
  }

  private currentSlice(): Slice {
    const second = Math.floor(this.now() / 1000);
    let slice = this.slices[this.slices.length - 1];
    if (!slice || slice.second !== second) {
      slice = { second, byClass: {}, latencies: windowBounds.map(() => 0) };
      this.slices.push(slice);
      while (this.slices.length > 0 && this.slices[0]!.second <= second - windowSeconds) this.slices.shift();
    }
    return slice;
  }
}
