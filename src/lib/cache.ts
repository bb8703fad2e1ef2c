/**
 * The one cache class every cache in Gatehouse is (verified tokens, market
 * prices, leaderboards, ...): bounded, least recently used first out, with an
 * optional time to live per entry, and counters for the cache endpoints.
 * Caches are registered by name in a CacheRegistry, so /api/cache/stats
 * lists them all and /api/cache/invalidate can empty them.
 */
export interface CacheStatistics {
  name: string;
  description: string;
  size: number;
  limit: number;
  hits: number;
  misses: number;
  /** hits / (hits + misses), 0 before any lookup. */
  hitRate: number;
  evictions: number;
  /** Seconds an entry lives at most; null when entries live until evicted or replaced. */
  ttlSeconds: number | null;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
  /** The cache's clock when the entry was put or last moved to the newest end. */
  moved: number;
}

export class Cache<K, V> {
  /** Oldest first: a Map keeps the order of insertion, so moving an entry to the end is deleting and setting it. */
  private readonly entries = new Map<K, Entry<V>>();
  /** Counts puts and moves. */
  private clock = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  constructor(
    readonly name: string,
    readonly description: string,
    private readonly options: { limit: number; ttlMs?: number; now?: () => number },
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry && (entry.expiresAt === Infinity || entry.expiresAt > this.now())) {
      // Least recently used goes first: a hit moves the entry to the newest end, unless it is among the newer half
      // already (at least half the limit of entries are older than it, so it is not the next to go). A hot entry
      // is then moved once every limit/2 puts and moves, not at every hit.
      if (this.clock - entry.moved >= this.options.limit / 2) {
        this.entries.delete(key);
        this.entries.set(key, entry);
        entry.moved = ++this.clock;
      }
      this.hits += 1;
      return entry.value;
    }
    if (entry) this.entries.delete(key);
    this.misses += 1;
    return undefined;
  }

  /** `ttlMs` overrides the cache's own time to live for this entry (a token until its expiry, say). */
  set(key: K, value: V, ttlMs = this.options.ttlMs): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : this.now() + ttlMs, moved: ++this.clock });
    while (this.entries.size > this.options.limit) {
      this.entries.delete(this.entries.keys().next().value as K);
      this.evictions += 1;
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Empties the cache; returns how many entries went. */
  clear(): number {
    const size = this.entries.size;
    this.entries.clear();
    return size;
  }

  statistics(): CacheStatistics {
    const lookups = this.hits + this.misses;
    return {
      name: this.name,
      description: this.description,
      size: this.entries.size,
      limit: this.options.limit,
      hits: this.hits,
      misses: this.misses,
      hitRate: lookups === 0 ? 0 : this.hits / lookups,
      evictions: this.evictions,
      ttlSeconds: this.options.ttlMs === undefined ? null : this.options.ttlMs / 1000,
    };
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/** What the cache endpoints see: any cache with statistics and a way to empty it. */
export interface RegisteredCache {
  readonly name: string;
  statistics(): CacheStatistics;
  clear(): number;
}

/** Every cache by name; features register theirs as they are built. */
export class CacheRegistry {
  private readonly caches = new Map<string, RegisteredCache>();
  private readonly clearedListeners: Array<(name: string) => void> = [];

  register<C extends RegisteredCache>(cache: C): C {
    if (this.caches.has(cache.name)) throw new Error(`a cache named ${cache.name} is registered already`);
    this.caches.set(cache.name, cache);
    return cache;
  }

  list(): RegisteredCache[] {
    return [...this.caches.values()];
  }

  get(name: string): RegisteredCache | undefined {
    return this.caches.get(name);
  }

  /**
   * Empties one cache, or all; returns what each lost. Listeners are told
   * (other instances, through the network), unless this is what another
   * instance told (`announce: false`).
   */
  invalidate(name?: string, options: { announce?: boolean } = {}): Array<{ name: string; entries: number }> {
    const chosen = name === undefined ? this.list() : [this.caches.get(name)].filter((cache): cache is RegisteredCache => cache !== undefined);
    const emptied = chosen.map((cache) => ({ name: cache.name, entries: cache.clear() }));
    if (options.announce !== false) for (const { name: emptiedName } of emptied) for (const listener of this.clearedListeners) listener(emptiedName);
    return emptied;
  }

  /** Told when a cache is emptied through the registry (instances on one database tell each other this way). */
  onInvalidated(listener: (name: string) => void): void {
    this.clearedListeners.push(listener);
  }
}
