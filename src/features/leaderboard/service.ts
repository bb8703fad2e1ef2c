import { Cache, type CacheRegistry } from '../../lib/cache.js';
import { Board, type Standing } from './board.js';

/** Which board: `balance`, `playtime`, or `jobs:<job id>`. */
export type BoardName = string;

/**
 * Leaderboards, each cached as a whole board with a short time to live and
 * rebuilt off the request path: a read takes the cached board; once the
 * board is past half its time to live, that read also starts a rebuild in
 * the background, and a timer rebuilds the boards read lately before they
 * expire, so a board read steadily is never waited for. Only a board nobody
 * read for a while (or one emptied through the cache endpoints) is built
 * while its first reader waits. Rebuilds run in slices of a few
 * milliseconds (see TimeSlicer).
 */
export class LeaderboardService {
  readonly cache: Cache<BoardName, Board>;
  private readonly building = new Map<BoardName, Promise<Board>>();
  private readonly lastRead = new Map<BoardName, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    caches: CacheRegistry,
    /** How to read a board's standings now, or undefined for a name that is not a board. */
    private readonly sources: (name: BoardName) => (() => Iterable<Standing> | Promise<Iterable<Standing>>) | undefined,
    private readonly options: { ttlMs: number; now?: () => number; logError?: (message: string) => void },
  ) {
    this.cache = caches.register(
      new Cache<BoardName, Board>('leaderboards', 'Leaderboards (balance, playtime, each job) as whole ranked boards, rebuilt in the background', {
        limit: 64,
        ttlMs: options.ttlMs,
        now: options.now,
      }),
    );
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The board: cached, or built now when there is none. */
  async board(name: BoardName): Promise<Board> {
    this.lastRead.set(name, this.now());
    const cached = this.cache.get(name);
    if (cached) {
      if (this.now() - cached.builtAt >= this.options.ttlMs / 2) void this.rebuild(name).catch(() => undefined);
      return cached;
    }
    return this.rebuild(name);
  }

  /** Builds a board and caches it; a rebuild asked for while one is under way shares it. */
  rebuild(name: BoardName): Promise<Board> {
    const running = this.building.get(name);
    if (running) return running;
    const source = this.sources(name);
    if (!source) return Promise.reject(new Error(`no leaderboard ${name}`));
    const build = Promise.resolve()
      .then(source)
      .then((standings) => Board.build(standings, this.now()))
      .then((board) => {
        this.cache.set(name, board);
        return board;
      })
      .finally(() => this.building.delete(name));
    this.building.set(name, build);
    return build;
  }

  /** Rebuilds the boards read in the last two times to live, every half time to live. */
  start(): void {
    this.timer = setInterval(() => {
      const recent = this.now() - 2 * this.options.ttlMs;
      for (const [name, at] of this.lastRead) {
        if (at < recent) this.lastRead.delete(name);
        else void this.rebuild(name).catch((error: Error) => this.options.logError?.(`leaderboard ${name} could not be rebuilt: ${error.message}`));
      }
    }, this.options.ttlMs / 2);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
