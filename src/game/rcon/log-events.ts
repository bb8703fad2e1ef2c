import type { EventEmitter } from 'node:events';
import type { GameEvents, Location, PlayerRef } from '../port.js';
import type { RconBossBars } from './boss-bars.js';
import type { RconCommand } from './connection.js';
import { LogFollower } from './log-follower.js';
import { parseLogLine, type LogEvent } from './log-lines.js';
import type { ManagementClient } from './management.js';
import type { CodeTriggers } from './code-triggers.js';
import { parseListUuids } from './replies.js';

export interface LogEventsOptions {
  /** The server's log to follow; empty for none (then no joins, leaves or refusals without the management protocol). */
  logFile: string;
  pollMs?: number;
  events: EventEmitter<GameEvents>;
  command: RconCommand;
  isConnected: () => boolean;
  management: ManagementClient | undefined;
  /** What a player is given at their join: the boss bars shown, /trigger register and resetpassword enabled. */
  bossBars: Pick<RconBossBars, 'reshowAll'>;
  triggers: Pick<CodeTriggers, 'enable'>;
  log: (message: string) => void;
  logError: (message: string) => void;
}

/**
 * Players coming and going, as the server's log tells (logs/latest.log,
 * followed as it grows): logins with their address and place, UUIDs (on an
 * online-mode server), joins, leaves and refused logins, and the server's
 * version from its start. Where the management protocol is connected, joins
 * and leaves come from its notifications instead (the adapter hands them
 * here), and the log adds the address they lack.
 */
export class RconLogEvents {
  private readonly follower: LogFollower | undefined;
  private versionNow: string | undefined;
  private readonly logins = new Map<string, { ipAddress: string; location?: Location }>();
  /** UUIDs the log gave (online mode) or `list uuids` did, by lower-case name. */
  private readonly uuids = new Map<string, string>();
  private readonly joined = new Map<string, { player: PlayerRef; ipAddress: string }>();
  /**
   * Joins and leaves are told one after another, in the order the server
   * told them: a join waits (for the log's address, for `list uuids`), and a
   * leave that came meanwhile must not overtake it, or the player would be
   * left online for every listener.
   */
  private presenceTurn: Promise<void> = Promise.resolve();

  constructor(private readonly options: LogEventsOptions) {
    this.follower = options.logFile ? new LogFollower(options.logFile, (line) => this.onLogLine(line), { intervalMs: options.pollMs, onProblem: options.log }) : undefined;
  }

  /** Whether a log is followed (the events it alone tells, refused logins, are emitted). */
  get following(): boolean {
    return this.follower !== undefined;
  }

  /** The server's version, once the log said it. */
  get version(): string | undefined {
    return this.versionNow;
  }

  /** Follows the log from its end; the version is read from its head. */
  async start(): Promise<void> {
    await this.follower?.start((line) => this.noteVersion(line));
  }

  async stop(): Promise<void> {
    await this.follower?.stop();
  }

  /** The address a player logged in from, as the log said. */
  ipAddressOf(name: string): string | undefined {
    return this.logins.get(name.toLowerCase())?.ipAddress;
  }

  /** The link was lost: who was online is no longer known. */
  forgetJoined(): void {
    this.joined.clear();
  }

  /** A join the management protocol told; it has no address: the log's login line has, a moment earlier (waited for up to a second). */
  joinedByManagement(player: PlayerRef): Promise<void> {
    return this.inTurn(async () => {
      const key = player.name.toLowerCase();
      for (let wait = 0; this.follower && !this.logins.has(key) && wait < 10; wait += 1) {
        await this.follower.poll();
        if (!this.logins.has(key)) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      this.uuids.set(key, player.uuid);
      this.announceJoin(player, this.logins.get(key));
    });
  }

  /** A leave the management protocol told. */
  leftByManagement(player: PlayerRef): Promise<void> {
    return this.inTurn(async () => this.announceQuit(player.name, player));
  }

  /** Runs a join's or a leave's work after those told before it; a failure is logged, and the next goes on. */
  private inTurn(work: () => Promise<void>): Promise<void> {
    this.presenceTurn = this.presenceTurn.then(work).catch((error: Error) => this.options.logError(`rcon: telling a join or a leave: ${error.message}`));
    return this.presenceTurn;
  }

  private announceJoin(player: PlayerRef, login: { ipAddress: string; location?: Location } | undefined): void {
    const key = player.name.toLowerCase();
    const ipAddress = login?.ipAddress ?? 'unknown';
    this.joined.set(key, { player, ipAddress });
    this.options.events.emit('join', { player, ipAddress, ...(login?.location ? { location: login.location } : {}) });
    // What a joining player is given, outside the turn (the commands take a while; the next leave need not wait for them).
    if (this.options.isConnected()) void this.welcome(key, player.name);
  }

  /** Shows the boss bars and enables the code triggers, unless the player has left already. */
  private async welcome(key: string, name: string): Promise<void> {
    if (!this.joined.has(key)) return;
    try {
      await this.options.bossBars.reshowAll();
      if (this.joined.has(key)) await this.options.triggers.enable(name);
    } catch (error) {
      this.options.logError(`rcon: welcoming ${name}: ${(error as Error).message}`);
    }
  }

  /** `player` where the teller knows the UUID (the management protocol); else the one the join was told with. */
  private announceQuit(name: string, player?: PlayerRef): void {
    const key = name.toLowerCase();
    const joined = this.joined.get(key);
    this.joined.delete(key);
    this.options.events.emit('quit', {
      player: player ?? joined?.player ?? { name, uuid: '' },
      ipAddress: joined?.ipAddress ?? this.ipAddressOf(name) ?? 'unknown',
    });
  }

  private noteVersion(line: string): void {
    const event = parseLogLine(line);
    if (event?.kind === 'version') this.versionNow = event.version;
  }

  private onLogLine(line: string): void {
    const event = parseLogLine(line);
    if (event) void this.onLogEvent(event).catch((error: Error) => this.options.logError(`rcon: handling "${line.slice(0, 120)}": ${error.message}`));
  }

  private async onLogEvent(event: LogEvent): Promise<void> {
    const { events, management } = this.options;
    switch (event.kind) {
      case 'version':
        this.versionNow = event.version;
        return;
      case 'uuid':
        this.uuids.set(event.name.toLowerCase(), event.uuid);
        return;
      case 'login':
        this.logins.set(event.name.toLowerCase(), { ipAddress: event.ipAddress, location: event.location });
        return;
      case 'joined': {
        // With the management protocol, joins and leaves come from its notifications.
        if (management?.connected) return;
        const key = event.name.toLowerCase();
        // This session's login line: a later session's may replace it while this join waits its turn.
        const login = this.logins.get(key);
        return this.inTurn(async () => {
          const listed =
            this.uuids.has(key) || !this.options.isConnected()
              ? undefined
              : await this.options
                  .command('list uuids')
                  .then((reply) => parseListUuids(reply).players.find((player) => player.name === event.name)?.uuid)
                  .catch(() => undefined);
          if (listed) this.uuids.set(key, listed);
          // A player who left before `list uuids` was asked, on an offline-mode server, stays without one.
          this.announceJoin({ name: event.name, uuid: this.uuids.get(key) ?? '' }, login);
        });
      }
      case 'left':
        if (management?.connected) return;
        return this.inTurn(async () => this.announceQuit(event.name));
      case 'refused':
        events.emit('loginRefused', { name: event.name, uuid: null, ipAddress: event.ipAddress, reason: event.reason });
        return;
    }
  }
}
