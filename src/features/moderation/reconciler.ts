/**
 * Makes this server's game's ban list agree with the network's record: each
 * ban in force is put on the game's list where it is missing, and a ban
 * Gatehouse put there that the record no longer holds (lifted, or ended where
 * the game does not end it itself: vanilla's ban command) is taken off. A ban
 * the game's console or another plugin made is left as it is: it is read
 * back, never overwritten. Runs at start, when the game connects, when
 * another server changed a ban, after a reconnect to the database, and when
 * the next ban ends.
 */
import type { BanTarget, GameBan, GamePort, Moderation } from '../../game/port.js';
import { type ModerationRecord, type ModerationStore, matches } from './store.js';

/** What Gatehouse writes as a ban's source in the game's lists, which tells its bans from the game's own. */
export const gatehouseSource = 'Gatehouse';
/** More bans in force than this are not looked at in one pass (a bound, far above any real server's list). */
const maxBansReconciled = 10_000;
/** The longest a timer waits before looking again (setTimeout's own bound is 24.8 days). */
const maxWaitMs = 6 * 60 * 60 * 1000;

export class BanReconciler {
  private turn: Promise<void> = Promise.resolve();
  private queued = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly records: () => ModerationStore,
    private readonly game: GamePort,
    private readonly now: () => Date,
    private readonly logError: (message: string) => void,
  ) {}

  /** Reconciles once more after the pass under way (several asks while one runs make one more pass). */
  reconcile(): Promise<void> {
    if (this.queued) return this.turn;
    this.queued = true;
    this.turn = this.turn.then(async () => {
      this.queued = false;
      if (this.stopped) return;
      await this.pass().catch((error: Error) => this.logError(`moderation: bringing the game's bans to the network's record: ${error.message}`));
    });
    return this.turn;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async pass(): Promise<void> {
    const moderation = this.game.capability('moderation');
    if (!moderation || !this.game.isConnected()) return;
    const now = this.now();
    const { records: inForce } = await this.records().list({ kind: 'ban', inForceAt: now }, maxBansReconciled, 0);
    const gameBans = await moderation.bans();
    for (const record of inForce) {
      const there = gameBans.find((ban) => sameTarget(ban, record));
      // Missing, or Gatehouse's own of an earlier ban of the same target; a game's own ban of the target is left alone.
      if (!there || (isGatehouses(there) && differs(there, record))) await moderation.ban(gameBanOf(record));
    }
    for (const ban of gameBans) {
      if (inForce.some((record) => sameTarget(ban, record))) continue;
      if (isGatehouses(ban) || (await this.recordedBefore(ban))) await this.lift(moderation, ban);
    }
    this.scheduleNext(inForce, now);
  }

  /** A ban the game lists without its source (vanilla's commands write their own) is Gatehouse's when the record holds a ban of its target with its reason. */
  private async recordedBefore(ban: GameBan): Promise<boolean> {
    const target = ban.player ? { player: ban.player } : { address: ban.address! };
    const { records } = await this.records().list({ kind: 'ban', ...target }, 20, 0);
    return records.some((record) => record.reason === ban.reason);
  }

  private async lift(moderation: Moderation, ban: GameBan): Promise<void> {
    const target: BanTarget = ban.player ? { player: ban.player } : { address: ban.address! };
    await moderation.lift(target);
  }

  private scheduleNext(inForce: ModerationRecord[], now: Date): void {
    clearTimeout(this.timer);
    const ends = inForce.flatMap((record) => (record.expiresAt ? [Date.parse(record.expiresAt)] : []));
    if (ends.length === 0 || this.stopped) return;
    const wait = Math.min(maxWaitMs, Math.max(0, Math.min(...ends) - now.getTime()) + 1000);
    this.timer = setTimeout(() => void this.reconcile(), wait);
    this.timer.unref();
  }
}

/** The game's form of a recorded ban. */
export function gameBanOf(record: ModerationRecord): GameBan {
  return {
    ...(record.player ? { player: record.player } : { address: record.address! }),
    reason: record.reason,
    source: gatehouseSource,
    created: record.at,
    expires: record.expiresAt,
  };
}

/** The target of a recorded ban, as the game port names it. */
export function targetOf(record: ModerationRecord): BanTarget {
  return record.player ? { player: record.player } : { address: record.address! };
}

function isGatehouses(ban: GameBan): boolean {
  return ban.source.startsWith(gatehouseSource);
}

function sameTarget(ban: GameBan, record: ModerationRecord): boolean {
  if (ban.address !== undefined) return record.address === ban.address;
  return ban.player !== undefined && matches(record, { player: ban.player });
}

/** Whether the game holds another reason or end than the record (a later ban replaced an earlier one meanwhile). */
function differs(ban: GameBan, record: ModerationRecord): boolean {
  const sameEnd = ban.expires === null || record.expiresAt === null ? ban.expires === record.expiresAt : Math.abs(Date.parse(ban.expires) - Date.parse(record.expiresAt)) < 1000;
  return ban.reason !== record.reason || !sameEnd;
}
