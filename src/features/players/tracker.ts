import type { GamePort, Location, PlayerRef } from '../../game/port.js';
import type { TeleportService } from '../teleports/service.js';
import type { Store } from '../../store/port.js';
import { positionsPart, type PlayerPositions } from './store.js';

/**
 * Keeps where players were last seen in each world (from joins, quits,
 * teleports, and who is online every 30 s) and the day's peak of players
 * online. Sightings are written in batches, at most one write per refresh.
 */
export class PlayerTracker {
  private readonly online = new Map<string, PlayerRef>();
  private peak = { day: '', count: 0 };
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly game: GamePort,
    private readonly store: Store,
    private readonly now: () => Date,
    private readonly logError: (message: string) => void,
  ) {
    game.events.on('join', ({ player, location }) => {
      this.online.set(player.uuid, player);
      this.notePeak();
      if (location) void this.record([{ player, location }]);
      else void this.refresh();
    });
    game.events.on('quit', ({ player, location }) => {
      this.online.delete(player.uuid);
      if (location) void this.record([{ player, location }]);
    });
    game.events.on('connection', ({ connected }) => {
      if (!connected) this.online.clear();
    });
  }

  /** Teleports move players between sightings: record where they arrived. */
  followTeleports(teleports: TeleportService): void {
    teleports.events.on('teleported', ({ player, to }) => {
      const known = [...this.online.values()].find((online) => online.name.toLowerCase() === player.toLowerCase());
      if (known) void this.record([{ player: known, location: to }]);
    });
  }

  start(intervalMs = 30_000): void {
    this.timer = setInterval(() => void this.refresh(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  positions(uuid: string): Promise<PlayerPositions | undefined> {
    return this.store.part(positionsPart).get(uuid);
  }

  byName(name: string): Promise<PlayerPositions | undefined> {
    return this.store.part(positionsPart).byName(name);
  }

  /** The most players online at once today (UTC), as far as this process saw. */
  peakToday(): number {
    this.notePeak();
    return this.peak.count;
  }

  /** Looks at who is online now and records where they are. */
  async refresh(): Promise<void> {
    if (!this.game.isConnected()) return;
    try {
      const players = await this.game.onlinePlayers();
      for (const player of players) this.online.set(player.uuid, { name: player.name, uuid: player.uuid });
      this.notePeak(players.length);
      await this.record(players.map((player) => ({ player: { name: player.name, uuid: player.uuid }, location: player.location })));
    } catch (error) {
      this.logError(`players: could not look at who is online: ${(error as Error).message}`);
    }
  }

  private async record(sightings: Array<{ player: PlayerRef; location: Location }>): Promise<void> {
    if (sightings.length === 0) return;
    const at = this.now();
    await this.store
      .part(positionsPart)
      .record(sightings.map((sighting) => ({ ...sighting, at })))
      .catch((error: Error) => this.logError(`players: could not record where players are: ${error.message}`));
  }

  private notePeak(count = this.online.size): void {
    const day = this.now().toISOString().slice(0, 10);
    if (this.peak.day !== day) this.peak = { day, count: 0 };
    this.peak.count = Math.max(this.peak.count, count);
  }
}
