import type { ServerPerformance } from '../port.js';
import type { SquidServer } from './flying-squid.js';

const windows = { oneMinute: 60, fiveMinutes: 300, fifteenMinutes: 900 } as const;

/**
 * The embedded server's own tick rate, as Paper reports its: ticks counted
 * per second over the last 1, 5 and 15 minutes (20 at full speed; fewer while
 * the process is too busy to tick on time), and how long a tick's work took
 * on average over the last 100 ticks (from the first tick listener to the last).
 */
export class TickMeter implements ServerPerformance {
  /** Ticks per second of the last 15 minutes, newest last. */
  private readonly perSecond: number[] = [];
  private currentSecond = 0;
  private ticksThisSecond = 0;
  /** The second the server started in was only partly ticked through: it does not count. */
  private partialSecond = true;
  private startedAt = Date.now();
  private readonly durations: number[] = [];
  private tickStarted = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Starts counting a (new) server's ticks. */
  attach(serv: SquidServer): void {
    this.startedAt = this.now();
    this.perSecond.length = 0;
    this.currentSecond = Math.floor(this.startedAt / 1000);
    this.ticksThisSecond = 0;
    this.partialSecond = true;
    serv.prependListener('tick', () => {
      this.tickStarted = performance.now();
      this.count();
    });
    serv.on('tick', () => {
      this.durations.push(performance.now() - this.tickStarted);
      if (this.durations.length > 100) this.durations.shift();
    });
  }

  async ticks() {
    this.count(0);
    const rate = (seconds: number) => {
      const recent = this.perSecond.slice(-seconds);
      // Over the seconds the server has been up, when that is shorter than the window.
      return recent.length === 0 ? 20 : Math.min(20, recent.reduce((sum, ticks) => sum + ticks, 0) / recent.length);
    };
    const average = this.durations.length ? this.durations.reduce((sum, ms) => sum + ms, 0) / this.durations.length : null;
    return {
      oneMinute: round(rate(windows.oneMinute)),
      fiveMinutes: round(rate(windows.fiveMinutes)),
      fifteenMinutes: round(rate(windows.fifteenMinutes)),
      millisecondsPerTick: average === null ? null : round(average),
    };
  }

  /** Gatehouse's own process: the API reports its memory itself. */
  async memory() {
    return null;
  }

  private count(ticks = 1): void {
    const second = Math.floor(this.now() / 1000);
    while (this.currentSecond < second) {
      if (!this.partialSecond) this.perSecond.push(this.ticksThisSecond);
      this.partialSecond = false;
      if (this.perSecond.length > windows.fifteenMinutes) this.perSecond.shift();
      this.ticksThisSecond = 0;
      this.currentSecond += 1;
    }
    this.ticksThisSecond += ticks;
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
