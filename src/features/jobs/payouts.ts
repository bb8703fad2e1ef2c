import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { PlayerRef } from '../../game/port.js';
import type { Store, TransactionalStores } from '../../store/port.js';
import type { Posting } from '../economy/store.js';
import type { EconomyService } from '../economy/service.js';
import type { Job, JobCatalogue } from './catalogue.js';
import { freshRecord, jobsPart, type OwedPayout, type PlayerJobs } from './store.js';
import { basisPointsPerUnit } from './levels.js';
import type { PendingWork, PendingWorkTally } from './pending-work.js';
import type { PlacedBlocks } from './placed-blocks.js';

/** The Idempotency-Key an owed payout is paid under: a retry after a crash finds the first payment's answer. */
export function owedPayoutKey(id: string): string {
  return `jobs-payout:${id}`;
}

interface Payment {
  player: PlayerRef;
  cents: number;
  carry: number;
  description: string;
}

interface LevelUp {
  player: PlayerRef;
  job: Job;
  level: number;
}

/** A count: the work taken, the placed blocks changed, who pays, and the key its unit keeps. */
interface Count {
  work: PendingWork[];
  placedChange: { added: Array<[string, number]>; removed: string[] };
  provider: 'builtin' | 'vault' | undefined;
  key: string;
}

/** What a count's unit wrote and paid, for what follows its commit. */
interface Counted {
  payments: Payment[];
  levelUps: LevelUp[];
  records: PlayerJobs[];
}

/** Each player's pending work, in the order the players first worked. */
function byPlayer(work: PendingWork[]): Iterable<PendingWork[]> {
  const grouped = new Map<string, PendingWork[]>();
  for (const entry of work) {
    const list = grouped.get(entry.player.uuid) ?? [];
    list.push(entry);
    grouped.set(entry.player.uuid, list);
  }
  return grouped.values();
}

/** The key a count's unit writes with its records: after a failure whose outcome is unknown, it tells whether the unit committed. */
function countKey(id: string): string {
  return `jobs-count:${id}`;
}

/**
 * Pays the work counted since the last payout: one REWARD transaction per
 * player, and the experience, the day's earnings and the placed blocks
 * written with it.
 *
 * With Gatehouse's own economy it is one unit of work: counted and paid
 * together, or neither (the work goes back to wait for the next payout).
 * With the game's economy (Vault) the money moves in the game, outside any
 * unit, so counting writes an owed payout in the same unit as the
 * experience, and the owed payouts are then paid through the economy with
 * an Idempotency-Key of their own and removed: a crash after counting pays
 * them at the next start; a crash after paying and before removing finds
 * the payment's stored answer and pays nothing again. The one instant left
 * is the economy's own: a crash after Vault took a deposit and before the
 * ledger recorded it pays that payout again at the next start (the plugin
 * does not remember operations across a restart).
 *
 * Pay is counted in ten-thousandths of a cent; a payout pays whole cents
 * and carries the rest of a cent to the player's next payout (in memory).
 */
/** A player's pay in a payout, as it is told (`paid`). */
export interface JobPay {
  player: PlayerRef;
  cents: number;
  description: string;
}

export class Payouts {
  /** `paid`: the pay of a payout once its money moved (with Gatehouse's economy, all of a count's players at once). */
  readonly events = new EventEmitter<{ paid: [JobPay[]] }>();
  /** Less than a cent per player, carried to their next payout. */
  private readonly carried = new Map<string, number>();
  private owedCount = 0;
  private running: Promise<void> = Promise.resolve();
  private lastProblem = '';
  /**
   * A count whose unit failed in a way that may still have committed (the
   * database's connection lost at COMMIT): its work is held here, neither
   * paid again nor dropped, until the next run learns from its key which.
   */
  private uncertain: { key: string; settle: (committed: boolean) => void } | undefined;

  constructor(
    private readonly store: Store,
    private readonly economy: EconomyService,
    private readonly catalogue: JobCatalogue,
    private readonly pending: PendingWorkTally,
    private readonly placed: PlacedBlocks,
    private readonly options: {
      paysMoney: boolean;
      levelUp(player: PlayerRef, job: Job, level: number): void;
      /** The records a payout wrote: the day's earnings in them count every server's work. */
      counted?(records: PlayerJobs[]): void;
    },
    private readonly now: () => Date,
    private readonly logError: (message: string) => void,
  ) {}

  /**
   * At start: owed payouts whose payment was recorded before a crash are
   * removed (their stored answer says so) before the hourly retention job
   * could forget that answer; the rest are paid at the next run.
   */
  async load(): Promise<void> {
    const jobs = this.store.part(jobsPart);
    const owed = await jobs.owed();
    const paid: string[] = [];
    for (const payout of owed) if (await this.economy.answered(owedPayoutKey(payout.id))) paid.push(payout.id);
    if (paid.length > 0) await jobs.removeOwed(paid);
    this.owedCount = owed.length - paid.length;
  }

  /** One payout at a time: a run asked for while one is under way follows it. */
  run(): Promise<void> {
    this.running = this.running.then(() => this.payOnce().catch((error: Error) => this.problem(`jobs: a payout failed and will be retried: ${error.message}`)));
    return this.running;
  }

  /** Owed payouts waiting for the game's economy. */
  get owed(): number {
    return this.owedCount;
  }

  private async payOnce(): Promise<void> {
    const provider = this.options.paysMoney ? this.economy.provider() : undefined;
    if (this.options.paysMoney && !provider) {
      // The economy is away (Vault with the server down): the work waits in memory, counted, for it to come back.
      if (this.pending.size > 0) this.problem('jobs: the economy is not available; pay waits until it is');
      return;
    }
    await this.count(provider);
    if (this.owedCount > 0 && this.economy.provider()) await this.payOwed();
  }

  /**
   * Counts the pending work in one unit of work, paying it in the same unit
   * with Gatehouse's own economy; once the unit committed, the parts of a
   * cent are carried and the level-ups told. A unit that failed is learnt
   * from its key: committed after all, or the work goes back to wait.
   */
  private async count(provider: 'builtin' | 'vault' | undefined): Promise<void> {
    // Throws while the store still cannot say: the work stays held, and the next run asks again.
    await this.settleUncertain();
    if (this.pending.size === 0 && !this.placed.hasChanges) return;
    const key = countKey(randomUUID());
    const work = this.pending.take();
    const placedChange = this.placed.takeChanges();
    const counted: Counted = { payments: [], levelUps: [], records: [] };
    try {
      await this.store.transaction((tx) => this.countWithin(tx, { work, placedChange, provider, key }, counted));
      this.afterCount(counted, provider);
    } catch (error) {
      const putBack = () => {
        this.pending.restore(work);
        this.placed.restoreChanges(placedChange);
      };
      // Did the unit commit? Its key says; if the store cannot say now, the work is held until it can. Level-ups learnt
      // only later are not told.
      this.uncertain = { key, settle: (committed) => (committed ? this.afterCount({ ...counted, levelUps: [], records: [] }, provider) : putBack()) };
      const committed = await this.settleUncertain().catch(() => undefined);
      if (committed) return;
      throw error;
    }
  }

  /**
   * The unit of a count: each player's record with the work added, the
   * placed blocks, the pay (posted with Gatehouse's own economy, owed for
   * Vault), and the key that tells later whether the unit committed. Fills
   * `counted` for what follows the commit, worked out from the day's
   * earnings as the store holds them for the whole network.
   */
  private async countWithin(tx: TransactionalStores, count: Count, counted: Counted): Promise<void> {
    const jobs = tx.part(jobsPart);
    counted.payments = [];
    counted.levelUps = [];
    counted.records = [];
    for (const entries of byPlayer(count.work)) {
      const { record, paid } = await this.addedUp(tx, entries, counted.levelUps);
      counted.records.push(record);
      counted.payments.push(this.paymentOf(paid));
    }
    await jobs.save(counted.records);
    await jobs.recordPlacedBlocks(count.placedChange);
    const owing = counted.payments.filter((payment) => payment.cents > 0);
    if (owing.length > 0 && count.provider === 'builtin') {
      const postings = owing.map((payment) => ({ player: payment.player, amount: payment.cents, type: 'REWARD', description: payment.description }) satisfies Posting);
      // Pay that would take a balance past the bound is not paid (the work still counts); the others are.
      const { fitting, refused } = await this.economy.bound.withinBound(tx, postings);
      for (const posting of refused)
        this.logError(`jobs: ${posting.player.name}'s pay of ${this.economy.formatted(posting.amount)} is not paid: it would take their balance past the maximum`);
      if (fitting.length > 0) await this.economy.postWithin(tx, fitting);
    } else if (owing.length > 0) {
      const countedAt = this.now().toISOString();
      await jobs.addOwed(owing.map((payment): OwedPayout => ({ id: randomUUID(), player: payment.player, cents: payment.cents, description: payment.description, countedAt })));
    }
    await this.economy.keepKeyWithin(tx, count.key, 'jobs count');
  }

  /** After a count's unit committed: the carried parts of a cent, the owed count, the records and level-ups told. */
  private afterCount({ payments, levelUps, records }: Counted, provider: 'builtin' | 'vault' | undefined): void {
    for (const payment of payments) {
      if (payment.carry > 0) this.carried.set(payment.player.uuid, payment.carry);
      else this.carried.delete(payment.player.uuid);
    }
    if (provider !== 'builtin') this.owedCount += payments.filter((payment) => payment.cents > 0).length;
    const paid = provider === 'builtin' ? payments.filter((payment) => payment.cents > 0) : [];
    if (paid.length > 0)
      this.events.emit(
        'paid',
        paid.map(({ player, cents, description }) => ({ player, cents, description })),
      );
    this.lastProblem = '';
    this.options.counted?.(records);
    for (const { player, job, level } of levelUps) this.options.levelUp(player, job, level);
  }

  /** Learns from its key whether the uncertain count's unit committed, and settles it; answers which (false too when there was none). */
  private async settleUncertain(): Promise<boolean> {
    if (!this.uncertain) return false;
    const { key, settle } = this.uncertain;
    const committed = await this.economy.answered(key);
    this.uncertain = undefined;
    settle(committed);
    return committed;
  }

  /** A player's payment for their pending work: whole cents, the rest of a cent carried. */
  private paymentOf(entries: PendingWork[]): Payment {
    const player = entries[entries.length - 1]!.player;
    const units = entries.reduce((sum, entry) => sum + entry.units, 0) + (this.carried.get(player.uuid) ?? 0);
    const cents = Math.floor(units / basisPointsPerUnit);
    const actions = new Map<string, number>();
    for (const entry of entries) actions.set(entry.job, (actions.get(entry.job) ?? 0) + entry.actions);
    const description = `Jobs: ${[...actions].map(([job, count]) => `${this.catalogue.get(job)?.name ?? job} (${count} ${count === 1 ? 'action' : 'actions'})`).join(', ')}`;
    return { player, cents, carry: units - cents * basisPointsPerUnit, description };
  }

  /**
   * The player's stored record with the work added, noting the levels
   * reached, and the work as it is paid: each job's daily cap applied to the
   * day's earnings the store holds, which count the work paid on every server
   * of a network (the record is read locked in the unit, so two instances'
   * payouts for one player take turns). Records are copied, never changed in
   * place.
   */
  private async addedUp(tx: TransactionalStores, entries: PendingWork[], ups: LevelUp[]): Promise<{ record: PlayerJobs; paid: PendingWork[] }> {
    const player = entries[entries.length - 1]!.player;
    const stored = await tx.part(jobsPart).player(player.uuid);
    const jobs = { ...(stored?.jobs ?? {}) };
    const paid: PendingWork[] = [];
    for (const entry of [...entries].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
      const current = jobs[entry.job] ?? freshRecord();
      const job = this.catalogue.get(entry.job);
      const earnedThatDay = current.earned.day === entry.day ? current.earned.units : 0;
      const cap = job && job.dailyCapCents > 0 ? job.dailyCapCents * basisPointsPerUnit : Infinity;
      const units = Math.min(entry.units, Math.max(0, cap - earnedThatDay));
      paid.push({ ...entry, units });
      const experience = current.experience + entry.experience;
      const earned =
        current.earned.day === entry.day ? { day: entry.day, units: current.earned.units + units } : entry.day > current.earned.day ? { day: entry.day, units } : current.earned;
      jobs[entry.job] = { ...current, experience, earned };
      if (!job) continue;
      const before = job.levels.levelAt(current.experience);
      const after = job.levels.levelAt(experience);
      if (after > before) ups.push({ player, job, level: after });
    }
    return { record: { uuid: player.uuid, name: player.name, jobs }, paid };
  }

  /** Pays owed payouts through the economy, each once; stops at the first failure (the game away) to retry later. */
  private async payOwed(): Promise<void> {
    const jobs = this.store.part(jobsPart);
    for (const payout of await jobs.owed()) {
      await this.economy.move(
        { plan: [{ player: payout.player, amount: payout.cents, type: 'REWARD', description: payout.description }] },
        { key: owedPayoutKey(payout.id), fingerprint: `${payout.player.uuid}:${payout.cents}` },
      );
      await jobs.removeOwed([payout.id]);
      this.owedCount -= 1;
      this.events.emit('paid', [{ player: payout.player, cents: payout.cents, description: payout.description }]);
    }
  }

  /** Logs a problem once until it changes or a payout succeeds, so a long outage is one line, not one a second. */
  private problem(message: string): void {
    if (message === this.lastProblem) return;
    this.lastProblem = message;
    this.logError(message);
  }
}
