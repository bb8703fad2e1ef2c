/** The `server.status` event, every events.status-seconds: this server's players, ticks and memory. */
import type { GamePort } from '../../game/port.js';
import type { EventJournal } from './journal.js';

export class StatusTicker {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly journal: EventJournal,
    /** This server's own game: on a network each server tells its own. */
    private readonly game: GamePort,
    private readonly maxPlayers: () => number,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tell(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async tell(): Promise<void> {
    const connected = this.game.isConnected();
    const performance = connected ? this.game.capability('performance') : undefined;
    const [online, ticks, gameMemory] = await Promise.all([
      connected
        ? this.game.onlinePlayers().then(
            (players) => players.length,
            () => null,
          )
        : null,
      performance ? performance.ticks().catch(() => null) : null,
      performance ? performance.memory().catch(() => null) : null,
    ]);
    const usage = process.memoryUsage();
    this.journal.publish('server.status', {
      players: { online, max: this.maxPlayers() },
      ticks: ticks && { oneMinute: ticks.oneMinute, millisecondsPerTick: ticks.millisecondsPerTick },
      memory: { gatehouse: { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed }, game: gameMemory },
    });
  }
}
