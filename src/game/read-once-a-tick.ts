/**
 * A read of the game that many callers share: who is online, the ticks per
 * second. On Paper the plugin answers both on the server's main thread, so
 * each read waits for the next tick (up to 50 ms) and costs the game work
 * in it; a dashboard polling /api/players, another polling the stats and the
 * metrics sampler would each queue a read of their own. Shared, the game is
 * asked at most about once a tick however many ask:
 *
 * - an answer read less than `freshMs` ago (one tick) is everyone's;
 * - one up to `staleMs` old is answered at once while a new read is asked in
 *   the background (one at a time), so a steady poller never waits for the
 *   game and sees it at most one tick plus one read late;
 * - an older one is not used: the caller waits for a new read, shared with
 *   every caller that comes while it is on its way;
 * - `forget()` (a player joined or quit, the link to the game came up or
 *   went down) drops the answer kept, and a read asked before it is neither
 *   kept nor given to a caller who asks after it: to such a caller a player
 *   who left is not listed once their quit is known, nor one who joined
 *   missed. (A caller already waiting on a read asked before still gets
 *   that read, as it would have without sharing.)
 *
 * A failed read is kept for no one: its callers get the error, the next
 * caller asks again.
 */
export interface SharedReadTimes {
  /** How long an answer is everyone's without asking again (ms). */
  freshMs: number;
  /** How long an answer may still be given while a new one is asked (ms). */
  staleMs: number;
}

/** One game tick: the game's state cannot change more often. */
export const oneTickShared: SharedReadTimes = { freshMs: 50, staleMs: 250 };

export class SharedRead<T> {
  private kept: { value: T; askedAt: number } | undefined;
  private pending: { answer: Promise<T>; generation: number } | undefined;
  /** Counts the forgets: a read asked in an earlier generation is not kept. */
  private generation = 0;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly times: SharedReadTimes = oneTickShared,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(): Promise<T> {
    const kept = this.kept;
    if (kept) {
      const age = this.now() - kept.askedAt;
      if (age < this.times.freshMs) return Promise.resolve(kept.value);
      if (age < this.times.staleMs) {
        // Asked again behind the caller's back; a failure here is the next caller's to see, not an unhandled rejection.
        this.ask().catch(() => undefined);
        return Promise.resolve(kept.value);
      }
    }
    return this.ask();
  }

  /** What was read may no longer be so: the next caller waits for a read asked after now. */
  forget(): void {
    this.generation += 1;
    this.kept = undefined;
    this.pending = undefined;
  }

  private ask(): Promise<T> {
    if (this.pending?.generation === this.generation) return this.pending.answer;
    const generation = this.generation;
    const askedAt = this.now();
    const answer = this.read().then(
      (value) => {
        if (this.generation === generation) {
          this.pending = undefined;
          this.kept = { value, askedAt };
        }
        return value;
      },
      (error: unknown) => {
        if (this.generation === generation) this.pending = undefined;
        throw error;
      },
    );
    this.pending = { answer, generation };
    return answer;
  }
}

/**
 * `group` (an adapter's teleports, control, moderation) with each method
 * named in `changes` calling `forget` once it is done, however the adapter
 * carries it out (a plugin's request, a command, the management protocol):
 * what Gatehouse itself does to players, a teleport, a kick or a ban, a game
 * mode, is in the next list it reads. The other members are the group's own.
 */
export function forgettingAfter<G extends object>(group: G, changes: ReadonlyArray<keyof G>, forget: () => void): G {
  const named = new Set<PropertyKey>(changes);
  return new Proxy(group, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver) as unknown;
      if (!named.has(property) || typeof member !== 'function') return member;
      return (...args: unknown[]) => (member as (...given: unknown[]) => Promise<unknown>).apply(target, args).finally(forget);
    },
  });
}
