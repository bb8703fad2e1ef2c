import type { GamePort } from '../../game/port.js';
import { asciiLowerCase } from '../../lib/ascii.js';
import type { ConnectionLogEntry, ConnectionLogStore } from '../connections/store.js';
import type { Standing } from './board.js';

interface Played {
  name: string;
  /** Milliseconds in sessions that ended. */
  ms: number;
}

/**
 * Time played, from the connection log's sessions: a LOGIN followed by the
 * same player's LOGOUT. Sessions from before this process started are read
 * from the log once, at start (so playtime covers what the log keeps,
 * `retention.connection-log-days`); sessions since then are followed from the
 * same join and quit events the log is written from, and a player online now
 * counts up to now. A LOGIN the log never saw end (the server stopped
 * uncleanly) counts nothing, since its end is unknown.
 */
export class PlaytimeTally {
  private readonly fromLog = new Map<string, Played>();
  private readonly sinceStart = new Map<string, Played>();
  /** Players online now, by lower-case name: when their session began (ms). */
  private readonly online = new Map<string, { name: string; since: number }>();

  constructor(
    private readonly log: ConnectionLogStore,
    game: GamePort,
    /** When this process began following events: the log's entries before it are read, the events after. */
    private readonly followingSince: number,
    private readonly now: () => number,
  ) {
    game.events.on('join', ({ player }) => this.online.set(asciiLowerCase(player.name), { name: player.name, since: this.now() }));
    game.events.on('quit', ({ player }) => this.end(asciiLowerCase(player.name), this.now()));
    game.events.on('connection', ({ connected }) => {
      if (connected) return;
      // The game went away: whoever was on, their session ended now as far as anyone can tell.
      const at = this.now();
      for (const key of [...this.online.keys()]) this.end(key, at);
    });
  }

  /** Reads the sessions of the connection log from before this process started. */
  async load(): Promise<void> {
    const entries = await this.log.recent({ limit: Number.MAX_SAFE_INTEGER });
    const began = new Map<string, number>();
    // Newest first from the log: walk it oldest first.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const entry = entries[index]!;
      const at = Date.parse(entry.timestamp);
      if (!(at < this.followingSince) || !entry.success) continue;
      this.read(entry, at, began);
    }
  }

  /** Everyone who played, with their seconds, for a board (computed as it is read, without a copy of the tallies). */
  *standings(): Iterable<Standing> {
    const at = this.now();
    const total = (key: string, name: string, ms: number) => {
      const session = this.online.get(key);
      return { key, player: name, value: Math.floor((ms + (session ? at - session.since : 0)) / 1000) };
    };
    for (const [key, played] of this.fromLog) {
      const later = this.sinceStart.get(key);
      yield total(key, later?.name ?? played.name, played.ms + (later?.ms ?? 0));
    }
    for (const [key, played] of this.sinceStart) if (!this.fromLog.has(key)) yield total(key, played.name, played.ms);
    for (const [key, session] of this.online) if (!this.fromLog.has(key) && !this.sinceStart.has(key)) yield total(key, session.name, 0);
  }

  private read(entry: ConnectionLogEntry, at: number, began: Map<string, number>): void {
    const key = asciiLowerCase(entry.username);
    if (entry.action === 'LOGIN') {
      began.set(key, at);
      return;
    }
    const start = began.get(key);
    if (start === undefined) return;
    began.delete(key);
    add(this.fromLog, key, entry.username, at - start);
  }

  private end(key: string, at: number): void {
    const session = this.online.get(key);
    if (!session) return;
    this.online.delete(key);
    add(this.sinceStart, key, session.name, at - session.since);
  }
}

function add(played: Map<string, Played>, key: string, name: string, ms: number): void {
  const known = played.get(key);
  if (known) {
    known.ms += Math.max(0, ms);
    known.name = name;
  } else {
    played.set(key, { name, ms: Math.max(0, ms) });
  }
}
