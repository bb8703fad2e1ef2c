import type { Location } from '../../game/port.js';

/** A block's position as one key: `world:x:y:z`. */
export function positionKey(location: Location): string {
  return `${location.world}:${Math.floor(location.x)}:${Math.floor(location.y)}:${Math.floor(location.z)}`;
}

/**
 * Where players placed blocks, so that breaking one pays nothing. Bounded:
 * past `limit` positions the oldest placements are forgotten first (a block
 * placed that long ago pays when broken). Breaking a placed block forgets it.
 * The changes since the last `takeChanges` are what the store must write, so
 * the positions survive a restart.
 */
export class PlacedBlocks {
  /** Position to when it was placed; a Map keeps insertion order, so the oldest comes first. */
  private readonly positions = new Map<string, number>();
  private added = new Map<string, number>();
  private removed = new Set<string>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.positions.size;
  }

  /** The positions kept in the store, oldest first after sorting; only the newest `limit` are taken. */
  load(stored: Array<[string, number]>): void {
    const newest = [...stored].sort((a, b) => a[1] - b[1]).slice(-this.limit);
    for (const [position, at] of newest) this.positions.set(position, at);
    // What did not fit must leave the store too.
    if (newest.length < stored.length) {
      const kept = new Set(newest.map(([position]) => position));
      for (const [position] of stored) if (!kept.has(position)) this.removed.add(position);
    }
  }

  placed(location: Location, at: number): void {
    const key = positionKey(location);
    this.positions.delete(key);
    this.positions.set(key, at);
    this.added.set(key, at);
    this.removed.delete(key);
    while (this.positions.size > this.limit) {
      const oldest = this.positions.keys().next().value as string;
      this.positions.delete(oldest);
      this.forget(oldest);
    }
  }

  /** Whether a player placed the block here; either way the position is no longer a placed block. */
  broken(location: Location): boolean {
    const key = positionKey(location);
    if (!this.positions.delete(key)) return false;
    this.forget(key);
    return true;
  }

  /** What changed since the last call, for the store; `restoreChanges` puts it back if the write failed. */
  takeChanges(): { added: Array<[string, number]>; removed: string[] } {
    const change = { added: [...this.added], removed: [...this.removed] };
    this.added = new Map();
    this.removed = new Set();
    return change;
  }

  restoreChanges(change: { added: Array<[string, number]>; removed: string[] }): void {
    for (const position of change.removed) if (!this.positions.has(position) && !this.added.has(position)) this.removed.add(position);
    for (const [position] of change.added) {
      // Placed then broken or forgotten since: the store must lose it, not gain it.
      if (this.positions.has(position)) {
        if (!this.added.has(position)) this.added.set(position, this.positions.get(position)!);
      } else {
        this.removed.add(position);
      }
    }
  }

  get hasChanges(): boolean {
    return this.added.size > 0 || this.removed.size > 0;
  }

  /** Whether the store holds the position is not known here: removing a row it lacks is harmless. */
  private forget(key: string): void {
    this.added.delete(key);
    this.removed.add(key);
  }
}
