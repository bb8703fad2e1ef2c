import { ApiError, badRequest, conflict } from '../../errors.js';
import type { BlockBrokenEvent, BlockPlacedEvent, EntityKilledEvent, GameMode, Location, PlayerRef } from '../../game/port.js';
import type { Store } from '../../store/port.js';
import type { EconomyService } from '../economy/service.js';
import type { Job, JobCatalogue, WorkKind } from './catalogue.js';
import { basisPointsPerUnit } from './levels.js';
import { freshRecord, jobsPart, type JobRecord, type PlayerJobs } from './store.js';
import { Payouts } from './payouts.js';
import { PendingWorkTally } from './pending-work.js';
import { PlacedBlocks } from './placed-blocks.js';

export interface JobsOptions {
  /** jobs.max-per-player */
  maxPerPlayer: number;
  /** How long after leaving a job a player must wait to join it again. */
  rejoinCooldownMs: number;
  /** How often work is paid (one REWARD transaction per player). */
  payoutIntervalMs: number;
  /** Placed-block positions remembered at most. */
  placedBlocksLimit: number;
  /** False with economy.provider none: jobs give experience only. */
  paysMoney: boolean;
}

/** What a player is told, and the webhook hears: a feature wires these to messages.yml and the chat webhook. */
export interface JobsNotices {
  levelUp(player: PlayerRef, job: Job, level: number): void;
  dailyCapReached(player: PlayerRef, job: Job): void;
}

/** A player's standing in one job, as the service knows it now (the store's, plus work not yet paid). */
export interface JobStanding {
  joined: boolean;
  experience: number;
  level: number;
  /** Cents earned today (UTC), toward the cap. */
  earnedTodayCents: number;
  /** When the player may join again after leaving; null when they may now. */
  cooldownUntil: string | null;
}

interface LiveJob {
  joined: boolean;
  leftAt: string | null;
  experience: number;
  earnedDay: string;
  earnedUnits: number;
}

interface LivePlayer {
  name: string;
  jobs: Map<string, LiveJob>;
}

/** Work that would pay: not in creative or spectator mode (an adapter that cannot tell sends no mode). */
function paysIn(gameMode: GameMode | undefined): boolean {
  return gameMode !== 'creative' && gameMode !== 'spectator';
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Jobs: who works which job, and pay for work done in game.
 *
 * Work is counted at once, in memory, from the game's events (the level's
 * multiplier and the daily cap applied then), and paid every few seconds by
 * Payouts: one unit of work records the experience, the day's earnings, the
 * placed blocks and the REWARD transactions together. What is in memory
 * when the process dies uncleanly is neither counted nor paid (at most one
 * payout interval of work); nothing counted is left unpaid or paid twice
 * (with Vault, see Payouts for the one instant it cannot cover).
 */
export class JobsService {
  private readonly players = new Map<string, LivePlayer>();
  private readonly workers = new Map<string, number>();
  readonly placed: PlacedBlocks;
  private readonly pending = new PendingWorkTally();
  readonly payouts: Payouts;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    economy: EconomyService,
    readonly catalogue: JobCatalogue,
    readonly options: JobsOptions,
    private readonly notices: JobsNotices,
    private readonly now: () => Date,
    logError: (message: string) => void,
  ) {
    this.placed = new PlacedBlocks(options.placedBlocksLimit);
    this.payouts = new Payouts(
      store,
      economy,
      catalogue,
      this.pending,
      this.placed,
      { paysMoney: options.paysMoney, levelUp: (player, job, level) => notices.levelUp(player, job, level), counted: (records) => this.earnedElsewhere(records) },
      now,
      logError,
    );
    for (const job of catalogue.jobs.keys()) this.workers.set(job, 0);
  }

  /** Reads the players' jobs and the placed blocks from the store, and settles payouts left owed by a crash. */
  async load(): Promise<void> {
    const jobs = this.store.part(jobsPart);
    for (const record of await jobs.players()) this.remember(record);
    this.placed.load(await jobs.placedBlocks());
    await this.payouts.load();
  }

  start(): void {
    this.timer = setInterval(() => void this.payouts.run(), this.options.payoutIntervalMs);
    this.timer.unref();
  }

  /** Pays what is pending, one last time. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.payouts.run();
  }

  blockPlaced(event: BlockPlacedEvent): void {
    this.placed.placed(event.location, this.now().getTime());
  }

  blockBroken(event: BlockBrokenEvent): void {
    if (this.placed.broken(event.location)) return;
    this.work(event, 'blockBroken', event.block);
  }

  entityKilled(event: EntityKilledEvent): void {
    this.work(event, 'entityKilled', event.entity);
  }

  private work(event: { player: PlayerRef; gameMode?: GameMode; location: Location }, kind: WorkKind, gameId: string): void {
    if (!paysIn(event.gameMode)) return;
    const live = this.players.get(event.player.uuid);
    if (!live) return;
    const id = gameId.startsWith('minecraft:') ? gameId.slice('minecraft:'.length) : gameId;
    const payers = this.catalogue.payersOf(kind, id);
    if (payers.length === 0) return;
    live.name = event.player.name;
    const day = dayOf(this.now());
    for (const job of payers) {
      const progress = live.jobs.get(job.id);
      if (!progress?.joined) continue;
      const entry = job[kind].get(id)!;
      if (progress.earnedDay !== day) {
        progress.earnedDay = day;
        progress.earnedUnits = 0;
      }
      let units = this.options.paysMoney ? entry.cents * job.levels.multiplierBasisPoints(job.levels.levelAt(progress.experience)) : 0;
      if (job.dailyCapCents > 0 && units > 0) {
        const cap = job.dailyCapCents * basisPointsPerUnit;
        const wasUnderCap = progress.earnedUnits < cap;
        units = Math.min(units, Math.max(0, cap - progress.earnedUnits));
        if (wasUnderCap && progress.earnedUnits + units >= cap) this.notices.dailyCapReached(event.player, job);
      }
      progress.earnedUnits += units;
      progress.experience += entry.experience;
      this.pending.add(event.player, job.id, day, units, entry.experience);
    }
  }

  /** 400 unknown job or already joined; 409 at the maximum or during the rejoin cooldown. */
  async join(player: PlayerRef, jobId: string): Promise<Job> {
    const job = this.requireJob(jobId, badRequest);
    const at = this.now();
    const record = await this.store.transaction(async (tx) => {
      const jobs = tx.part(jobsPart);
      const stored = (await jobs.player(player.uuid)) ?? { uuid: player.uuid, name: player.name, jobs: {} };
      const current = stored.jobs[job.id];
      if (current?.joined) throw badRequest(`You already work as ${job.name}`, 'already_joined');
      const joined = Object.entries(stored.jobs).filter(([id, record]) => record.joined && this.catalogue.get(id));
      if (joined.length >= this.options.maxPerPlayer) {
        throw conflict(
          `You already have ${joined.length} jobs (${joined.map(([id]) => this.catalogue.get(id)!.name).join(', ')}), the most one player may have; leave one first`,
          'too_many_jobs',
        );
      }
      const until = this.cooldownUntil(current);
      if (until && until > at) {
        const seconds = Math.ceil((until.getTime() - at.getTime()) / 1000);
        throw new ApiError(409, `You left ${job.name} recently; you can join it again at ${until.toISOString()} (in ${describeWait(seconds)})`, 'rejoin_cooldown', {
          'Retry-After': String(seconds),
        });
      }
      const updated: PlayerJobs = {
        uuid: player.uuid,
        name: player.name,
        jobs: { ...stored.jobs, [job.id]: { ...(current ?? freshRecord()), joined: true, joinedAt: at.toISOString() } },
      };
      await jobs.save([updated]);
      return updated;
    });
    this.remember(record);
    return job;
  }

  /** 400 unknown job or not joined. The experience stays for a later rejoin. */
  async leave(player: PlayerRef, jobId: string): Promise<Job> {
    const job = this.requireJob(jobId, badRequest);
    const at = this.now();
    const record = await this.store.transaction(async (tx) => {
      const jobs = tx.part(jobsPart);
      const stored = await jobs.player(player.uuid);
      const current = stored?.jobs[job.id];
      if (!stored || !current?.joined) throw badRequest(`You do not work as ${job.name}`, 'not_joined');
      const updated: PlayerJobs = { ...stored, name: player.name, jobs: { ...stored.jobs, [job.id]: { ...current, joined: false, leftAt: at.toISOString() } } };
      await jobs.save([updated]);
      return updated;
    });
    this.remember(record);
    return job;
  }

  /** 404 for an unknown job where the job is the thing asked for; 400 where it is a field of a change. */
  requireJob(id: string, error: (message: string, code: string) => ApiError): Job {
    const job = this.catalogue.get(id);
    if (!job) throw error(`No job ${id}; jobs: ${[...this.catalogue.jobs.keys()].join(', ')}`, 'unknown_job');
    return job;
  }

  workersOf(jobId: string): number {
    return this.workers.get(jobId) ?? 0;
  }

  /** The ids of the jobs a player works now. */
  joinedJobs(uuid: string): string[] {
    return [...(this.players.get(uuid)?.jobs ?? [])].filter(([id, progress]) => progress.joined && this.catalogue.get(id)).map(([id]) => id);
  }

  hasJoined(uuid: string, jobId: string): boolean {
    return this.players.get(uuid)?.jobs.get(jobId)?.joined ?? false;
  }

  standing(uuid: string, job: Job): JobStanding {
    const live = this.players.get(uuid)?.jobs.get(job.id);
    const today = dayOf(this.now());
    const experience = live?.experience ?? 0;
    const until = live ? this.cooldownUntil({ leftAt: live.leftAt }) : undefined;
    return {
      joined: live?.joined ?? false,
      experience,
      level: job.levels.levelAt(experience),
      earnedTodayCents: live && live.earnedDay === today ? Math.floor(live.earnedUnits / basisPointsPerUnit) : 0,
      cooldownUntil: !live?.joined && until && until > this.now() ? until.toISOString() : null,
    };
  }

  /** Everyone working a job now, with their experience and level, read as the caller iterates: the job's leaderboard. */
  *workersWithExperience(job: Job): Iterable<{ player: PlayerRef; experience: number; level: number }> {
    for (const [uuid, live] of this.players) {
      const progress = live.jobs.get(job.id);
      if (progress?.joined) yield { player: { name: live.name, uuid }, experience: progress.experience, level: job.levels.levelAt(progress.experience) };
    }
  }

  /** Work counted and not yet written (for tests and statistics). */
  get pendingEntries(): number {
    return this.pending.size;
  }

  private cooldownUntil(record: Pick<JobRecord, 'leftAt'> | undefined): Date | undefined {
    if (!record?.leftAt || this.options.rejoinCooldownMs === 0) return undefined;
    return new Date(Date.parse(record.leftAt) + this.options.rejoinCooldownMs);
  }

  /**
   * After a payout: the day's earnings the store holds count what every
   * server of a network paid, so the cap applied to new work here (and the
   * standing shown) is at least that. The payout caps what it pays anyway.
   */
  private earnedElsewhere(records: PlayerJobs[]): void {
    for (const record of records) {
      const live = this.players.get(record.uuid);
      for (const [id, stored] of Object.entries(record.jobs)) {
        const progress = live?.jobs.get(id);
        if (!progress || stored.earned.day < progress.earnedDay) continue;
        if (stored.earned.day > progress.earnedDay) {
          progress.earnedDay = stored.earned.day;
          progress.earnedUnits = stored.earned.units;
        } else progress.earnedUnits = Math.max(progress.earnedUnits, stored.earned.units);
      }
    }
  }

  /** Takes a stored record into memory: membership as stored, experience and earnings as stored plus work not yet paid. */
  private remember(record: PlayerJobs): void {
    let live = this.players.get(record.uuid);
    if (!live) this.players.set(record.uuid, (live = { name: record.name, jobs: new Map() }));
    live.name = record.name;
    for (const [id, stored] of Object.entries(record.jobs)) {
      const known = live.jobs.get(id);
      if (known) {
        // Experience and earnings in memory are ahead of the store (work not yet paid): keep them.
        if (known.joined !== stored.joined) this.workers.set(id, (this.workers.get(id) ?? 0) + (stored.joined ? 1 : -1));
        known.joined = stored.joined;
        known.leftAt = stored.leftAt;
        continue;
      }
      live.jobs.set(id, { joined: stored.joined, leftAt: stored.leftAt, experience: stored.experience, earnedDay: stored.earned.day, earnedUnits: stored.earned.units });
      if (stored.joined) this.workers.set(id, (this.workers.get(id) ?? 0) + 1);
    }
  }
}

function describeWait(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  if (seconds < 7200) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.floor(seconds / 3600)} hours ${Math.ceil((seconds % 3600) / 60)} minutes`;
}
