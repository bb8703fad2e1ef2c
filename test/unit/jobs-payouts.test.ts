/**
 * Payouts of the jobs service against the real JSON store and the real
 * economy service; the game is the test double (test/helpers/fake-game.ts),
 * since the rules under test are the service's: levels, multipliers, caps,
 * placed blocks, batching, retries and crashes between counting and paying.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { loadConfig } from '../../src/config/config.js';
import { ledgerPart } from '../../src/features/economy/store.js';
import { EconomyService, type ProviderSetting } from '../../src/features/economy/service.js';
import { parseJobs, type Job } from '../../src/features/jobs/catalogue.js';
import { jobsPart } from '../../src/features/jobs/store.js';
import { owedPayoutKey } from '../../src/features/jobs/payouts.js';
import { JobsService, type JobsOptions } from '../../src/features/jobs/service.js';
import { GameUnavailableError, type EconomyProvider, type GameMode, type Location, type PlayerRef } from '../../src/game/port.js';
import { JsonStore } from '../../src/store/json/index.js';
import type { Store } from '../../src/store/port.js';
import { FakeGame } from '../helpers/fake-game.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { implementationsOf } from '../helpers/store-implementations.js';

const jobsFile = `
jobs:
  miner:
    name: Miner
    description: Mines.
    daily-cap: 5.00
    levels: { max: 4, first: 100, growth: 2, bonus-per-level: 0.5 }
    block-broken:
      stone: { money: 0.10, experience: 10 }
      diamond_ore: { money: 1.00, experience: 10 }
  digger:
    name: Digger
    description: Digs.
    daily-cap: 0
    levels: { max: 10, first: 1000, growth: 1, bonus-per-level: 0.0333 }
    block-broken:
      dirt: { money: 0.05, experience: 1 }
      stone: { money: 0.01, experience: 1 }
  hunter:
    name: Hunter
    description: Hunts.
    daily-cap: 0
    levels: { max: 2, first: 5, growth: 1, bonus-per-level: 0 }
    entity-killed:
      zombie: { money: 1.00, experience: 5 }
`;

const steve: PlayerRef = { name: 'Steve', uuid: 'a0000000-0000-4000-8000-000000000001' };
const alex: PlayerRef = { name: 'Alex', uuid: 'b0000000-0000-4000-8000-000000000002' };

/** A stand-in for Vault: balances in cents, and a switch to make it unreachable. */
class FakeVault implements EconomyProvider {
  readonly balances = new Map<string, number>();
  deposits = 0;
  away = false;
  async describe() {
    return 'FakeVault';
  }
  async balance(name: string) {
    return this.balances.get(name) ?? 0;
  }
  async deposit(name: string, cents: number) {
    if (this.away) throw new GameUnavailableError('the server is restarting');
    this.deposits += 1;
    this.balances.set(name, (this.balances.get(name) ?? 0) + cents);
    return this.balances.get(name)!;
  }
  async withdraw(name: string, cents: number) {
    this.balances.set(name, (this.balances.get(name) ?? 0) - cents);
    return this.balances.get(name)!;
  }
}

describe('jobs: payouts from work in game', function () {
  let directory: string;
  let store: Store;
  let game: FakeGame;
  let clock: Date;
  let errors: string[];
  let levelUps: string[];
  let capsReached: string[];
  /** When set, the next unit of work fails (a full disk, say) and nothing of it is written. */
  let failNextUnit = false;
  /** The next unit commits, and then its caller hears it failed (the connection lost at COMMIT). */
  let commitThenFailNextUnit = false;
  /** Reading stored answers fails while set (the store away). */
  let answersFail = false;

  const open = () => JsonStore.open(directory, { parts: implementationsOf(ledgerPart, jobsPart), checkpointIntervalMs: 3600_000 });

  /** The store with a switch to fail its next unit of work. */
  function failable(real: Store): Store {
    return new Proxy(real, {
      get(target, property) {
        if (property === 'transaction') {
          return (work: Parameters<Store['transaction']>[0]) => {
            if (failNextUnit) {
              failNextUnit = false;
              return Promise.reject(new Error('disk full'));
            }
            if (commitThenFailNextUnit) {
              commitThenFailNextUnit = false;
              return target.transaction(work).then(() => Promise.reject(new Error('connection lost at COMMIT')));
            }
            return target.transaction(work);
          };
        }
        if (property === 'part') {
          return (part: Parameters<Store['part']>[0]) => {
            const real = target.part(part) as object;
            return new Proxy(real, {
              get(partTarget, name) {
                if (name === 'answer' && answersFail) return () => Promise.reject(new Error('the store is away'));
                const value = Reflect.get(partTarget, name, partTarget) as unknown;
                return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(partTarget) : value;
              },
            });
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  async function service(options: Partial<JobsOptions> & { provider?: ProviderSetting } = {}): Promise<{ jobs: JobsService; economy: EconomyService }> {
    const settings = (await loadConfig({}, directory)).settings;
    // Accounts open with nothing: a balance here is the pay alone.
    settings.economy.startingBalance = 0;
    const economy = new EconomyService(
      store,
      ledgerPart,
      game,
      () => settings,
      { provider: options.provider ?? 'builtin', largeAdjustmentCents: 1e12, vault: { logError: () => undefined } },
      () => clock,
    );
    const jobs = new JobsService(
      failable(store),
      economy,
      parseJobs(jobsFile, 'jobs.yml'),
      { maxPerPlayer: 2, rejoinCooldownMs: 60_000, payoutIntervalMs: 3_600_000, placedBlocksLimit: 5, paysMoney: true, ...options },
      {
        levelUp: (player, job, level) => levelUps.push(`${player.name} ${job.id} ${level}`),
        dailyCapReached: (player, job: Job) => capsReached.push(`${player.name} ${job.id}`),
      },
      () => clock,
      (message) => errors.push(message),
    );
    await jobs.load();
    return { jobs, economy };
  }

  const at = (x: number, y = 60, z = 0): Location => ({ world: 'world', x, y, z });
  const breakBlock = (jobs: JobsService, player: PlayerRef, block: string, location: Location, gameMode: GameMode = 'survival') =>
    jobs.blockBroken({ player, gameMode, location, block });
  const rewards = async (economy: EconomyService, player: PlayerRef) => (await economy.history(player, 1, 100)).records.filter((record) => record.type === 'REWARD');

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-jobs-');
    store = await open();
    game = new FakeGame();
    clock = new Date('2026-11-23T10:00:00.000Z');
    errors = [];
    levelUps = [];
    capsReached = [];
    failNextUnit = false;
    commitThenFailNextUnit = false;
    answersFail = false;
  });
  afterEach(async function () {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('pays by level: the multiplier of the level reached before each action, experience unmultiplied, and tells each level once', async function () {
    const { jobs, economy } = await service();
    await jobs.join(steve, 'miner');
    // Level 2 at 100 experience, level 3 at 300: ten stones at x1.0, twenty at x1.5.
    for (let index = 0; index < 30; index += 1) breakBlock(jobs, steve, 'stone', at(index));
    await jobs.payouts.run();
    const [reward] = await rewards(economy, steve);
    expect(reward).to.deep.include({ amount: 10 * 10 + 20 * 15, description: 'Jobs: Miner (30 actions)' });
    expect(await economy.balance(steve)).to.equal(400);
    expect(jobs.standing(steve.uuid, jobs.catalogue.get('miner')!)).to.deep.include({ experience: 300, level: 3 });
    expect(levelUps).to.deep.equal(['Steve miner 3']);
    breakBlock(jobs, steve, 'stone', at(100));
    await jobs.payouts.run();
    // Level 3 pays x2.0; no new level.
    expect((await rewards(economy, steve))[0]!.amount).to.equal(20);
    expect(levelUps).to.deep.equal(['Steve miner 3']);
  });

  it('counts pay in ten-thousandths of a cent and carries the rest of a cent to the next payout', async function () {
    const { jobs, economy } = await service();
    await jobs.join(steve, 'digger');
    // Level 1 of digger pays x1.0 (dirt: 5 cents); level 2, from 1,000 experience, x1.0333: 5.1665 cents.
    for (let index = 0; index < 1000; index += 1) breakBlock(jobs, steve, 'dirt', at(index));
    await jobs.payouts.run();
    for (let index = 0; index < 3; index += 1) breakBlock(jobs, steve, 'dirt', at(index, 61));
    await jobs.payouts.run();
    breakBlock(jobs, steve, 'dirt', at(10, 61));
    await jobs.payouts.run();
    const amounts = (await rewards(economy, steve)).map((reward) => reward.amount).reverse();
    // 15.4995 pays 15 and carries 0.4995; then 0.4995 + 5.1665 = 5.666 pays 5.
    expect(amounts).to.deep.equal([5000, 15, 5]);
    expect(await economy.balance(steve)).to.equal(5020);
  });

  it('stops money at the daily cap (per job, per UTC day) while experience goes on, tells it once, and pays again the next day', async function () {
    const { jobs, economy } = await service();
    await jobs.join(steve, 'miner');
    // The cap is 5.00: four diamonds (4.00), a stone (0.10), then 0.90 of a diamond, then nothing.
    for (let index = 0; index < 4; index += 1) breakBlock(jobs, steve, 'diamond_ore', at(index));
    breakBlock(jobs, steve, 'stone', at(4));
    breakBlock(jobs, steve, 'diamond_ore', at(5));
    await jobs.payouts.run();
    breakBlock(jobs, steve, 'diamond_ore', at(6));
    await jobs.payouts.run();
    expect((await rewards(economy, steve)).map((reward) => reward.amount)).to.deep.equal([500]);
    expect(capsReached).to.deep.equal(['Steve miner']);
    const miner = jobs.catalogue.get('miner')!;
    expect(jobs.standing(steve.uuid, miner)).to.deep.include({ experience: 70, earnedTodayCents: 500 });
    const stored = (await store.part(jobsPart).player(steve.uuid))!.jobs.miner!;
    expect(stored).to.deep.include({ experience: 70, earned: { day: '2026-11-23', units: 500 * 10_000 } });
    clock = new Date('2026-11-24T00:00:01.000Z');
    breakBlock(jobs, steve, 'diamond_ore', at(7));
    await jobs.payouts.run();
    expect(await economy.balance(steve)).to.equal(500 + 100);
    expect(jobs.standing(steve.uuid, miner).earnedTodayCents).to.equal(100);
    expect((await store.part(jobsPart).player(steve.uuid))!.jobs.miner!.earned).to.deep.equal({ day: '2026-11-24', units: 100 * 10_000 });
  });

  it('pays nothing for a block a player placed, in creative or spectator mode, or to a player without the job', async function () {
    const { jobs, economy } = await service();
    await jobs.join(steve, 'miner');
    await jobs.join(alex, 'hunter');
    jobs.blockPlaced({ player: alex, gameMode: 'survival', location: at(1), block: 'stone' });
    breakBlock(jobs, steve, 'stone', at(1));
    // Broken once, the position is no longer a placed block.
    breakBlock(jobs, steve, 'stone', at(1));
    breakBlock(jobs, steve, 'stone', at(2), 'creative');
    breakBlock(jobs, steve, 'stone', at(3), 'spectator');
    breakBlock(jobs, steve, 'stone', at(4), 'adventure');
    breakBlock(jobs, alex, 'stone', at(5));
    jobs.entityKilled({ player: steve, gameMode: 'survival', location: at(6), entity: 'zombie' });
    jobs.entityKilled({ player: alex, gameMode: 'survival', location: at(6), entity: 'zombie' });
    jobs.entityKilled({ player: alex, gameMode: 'survival', location: at(6), entity: 'minecraft:zombie' });
    jobs.entityKilled({ player: alex, gameMode: 'creative', location: at(6), entity: 'zombie' });
    await jobs.payouts.run();
    expect((await rewards(economy, steve)).map((reward) => reward.description)).to.deep.equal(['Jobs: Miner (2 actions)']);
    expect(await economy.balance(steve)).to.equal(20);
    expect(await economy.balance(alex)).to.equal(200);
  });

  it('remembers at most the configured number of placed blocks, oldest forgotten first, and keeps them across a restart', async function () {
    const { jobs, economy } = await service();
    await jobs.join(steve, 'miner');
    for (let index = 0; index < 6; index += 1) {
      clock = new Date(clock.getTime() + 1000);
      jobs.blockPlaced({ player: steve, gameMode: 'survival', location: at(index, 70), block: 'stone' });
    }
    expect(jobs.placed.size).to.equal(5);
    await jobs.payouts.run();
    await store.close();
    store = await open();
    const { jobs: restarted, economy: after } = await service();
    void economy;
    expect(restarted.placed.size).to.equal(5);
    // The first placement was forgotten (it pays); the other five are still known as placed (they do not).
    for (let index = 0; index < 6; index += 1) breakBlock(restarted, steve, 'stone', at(index, 70));
    await restarted.payouts.run();
    expect((await rewards(after, steve)).map((reward) => reward.description)).to.deep.equal(['Jobs: Miner (1 action)']);
    expect(restarted.placed.size).to.equal(0);
    await store.close();
    store = await open();
    expect(await store.part(jobsPart).placedBlocks()).to.deep.equal([]);
  });

  it('batches: one REWARD transaction per player per payout, however many actions, and none when nothing was done', async function () {
    const { jobs, economy } = await service();
    await jobs.join(steve, 'miner');
    await jobs.join(steve, 'digger');
    await jobs.join(alex, 'digger');
    for (let index = 0; index < 500; index += 1) {
      breakBlock(jobs, steve, 'dirt', at(index));
      breakBlock(jobs, alex, 'dirt', at(index, 61));
    }
    breakBlock(jobs, steve, 'stone', at(1000));
    await jobs.payouts.run();
    await jobs.payouts.run();
    const steves = await rewards(economy, steve);
    expect(steves).to.have.length(1);
    // The stone pays both of Steve's jobs: miner 0.10 and digger 0.01.
    expect(steves[0]).to.deep.include({ amount: 500 * 5 + 10 + 1, description: 'Jobs: Digger (501 actions), Miner (1 action)' });
    expect(await rewards(economy, alex)).to.have.length(1);
    expect(await economy.balance(alex)).to.equal(2500);
    expect(jobs.pendingEntries).to.equal(0);
  });

  it('keeps a payout that could not be written and pays it, once, with the work done since', async function () {
    const { jobs, economy } = await service();
    await jobs.join(steve, 'digger');
    for (let index = 0; index < 10; index += 1) breakBlock(jobs, steve, 'dirt', at(index));
    failNextUnit = true;
    await jobs.payouts.run();
    expect(errors.join('\n')).to.match(/a payout failed and will be retried: disk full/);
    expect(await rewards(economy, steve)).to.have.length(0);
    expect((await store.part(jobsPart).player(steve.uuid))!.jobs.digger!.experience, 'nothing counted without the pay').to.equal(0);
    for (let index = 10; index < 15; index += 1) breakBlock(jobs, steve, 'dirt', at(index));
    await jobs.payouts.run();
    const paid = await rewards(economy, steve);
    expect(paid).to.have.length(1);
    expect(paid[0]!.amount).to.equal(15 * 5);
    expect((await store.part(jobsPart).player(steve.uuid))!.jobs.digger!.experience).to.equal(15);
  });

  it('pays once when a unit committed but was reported failed, whether that is learnt at once or only at the next run', async function () {
    const { jobs, economy } = await service();
    await jobs.join(steve, 'digger');
    for (let index = 0; index < 10; index += 1) breakBlock(jobs, steve, 'dirt', at(index));
    commitThenFailNextUnit = true;
    await jobs.payouts.run();
    expect(await rewards(economy, steve), 'committed, and known to be by its key').to.have.length(1);
    await jobs.payouts.run();
    expect(await rewards(economy, steve)).to.have.length(1);

    // Reported failed, and the store cannot say at once whether it committed: the work is held, neither paid again nor lost.
    for (let index = 10; index < 14; index += 1) breakBlock(jobs, steve, 'dirt', at(index));
    commitThenFailNextUnit = true;
    answersFail = true;
    await jobs.payouts.run();
    answersFail = false;
    for (let index = 14; index < 16; index += 1) breakBlock(jobs, steve, 'dirt', at(index));
    await jobs.payouts.run();
    const paid = await rewards(economy, steve);
    expect(paid.map((record) => record.amount).sort((a, b) => a - b)).to.deep.equal([2 * 5, 4 * 5, 10 * 5]);
    expect(
      paid.reduce((sum, record) => sum + record.amount, 0),
      'each block paid once',
    ).to.equal(16 * 5);
    expect((await store.part(jobsPart).player(steve.uuid))!.jobs.digger!.experience).to.equal(16);

    // And one that did not commit, learnt only later: its work is paid at the run after.
    for (let index = 16; index < 19; index += 1) breakBlock(jobs, steve, 'dirt', at(index));
    failNextUnit = true;
    answersFail = true;
    await jobs.payouts.run();
    answersFail = false;
    await jobs.payouts.run();
    await jobs.payouts.run();
    expect((await rewards(economy, steve)).reduce((sum, record) => sum + record.amount, 0)).to.equal(19 * 5);
    expect((await store.part(jobsPart).player(steve.uuid))!.jobs.digger!.experience).to.equal(19);
  });

  it('with Vault: counts into an owed payout, pays it once the server is back, and never twice across crashes', async function () {
    const vault = new FakeVault();
    game.capabilities.economy = vault;
    const { jobs, economy } = await service({ provider: 'vault' });
    await jobs.join(steve, 'hunter');
    vault.away = true;
    jobs.entityKilled({ player: steve, gameMode: 'survival', location: at(0), entity: 'zombie' });
    await jobs.payouts.run();
    // Counted (experience and an owed payout in one unit), not paid: the server is away.
    expect((await store.part(jobsPart).player(steve.uuid))!.jobs.hunter!.experience).to.equal(5);
    expect(await store.part(jobsPart).owed()).to.have.length(1);
    expect(vault.deposits).to.equal(0);
    vault.away = false;
    await jobs.payouts.run();
    expect(vault.balances.get('Steve')).to.equal(100);
    expect(await store.part(jobsPart).owed()).to.deep.equal([]);
    expect((await rewards(economy, steve)).map((reward) => reward.amount)).to.deep.equal([100]);

    // A crash after counting, before paying: the owed payout is paid at the next start.
    jobs.entityKilled({ player: steve, gameMode: 'survival', location: at(0), entity: 'zombie' });
    vault.away = true;
    await jobs.payouts.run();
    vault.away = false;
    await store.close();
    store = await open();
    const { jobs: second, economy: secondEconomy } = await service({ provider: 'vault' });
    await second.payouts.run();
    expect(vault.balances.get('Steve')).to.equal(200);
    expect(vault.deposits).to.equal(2);

    // A crash after paying, before the owed payout was removed: its stored answer says it was paid.
    second.entityKilled({ player: steve, gameMode: 'survival', location: at(0), entity: 'zombie' });
    vault.away = true;
    await second.payouts.run();
    vault.away = false;
    const [owed] = await store.part(jobsPart).owed();
    await secondEconomy.move(
      { plan: [{ player: owed!.player, amount: owed!.cents, type: 'REWARD', description: owed!.description }] },
      { key: owedPayoutKey(owed!.id), fingerprint: `${owed!.player.uuid}:${owed!.cents}` },
    );
    await store.close();
    store = await open();
    const { jobs: third } = await service({ provider: 'vault' });
    expect(await store.part(jobsPart).owed(), 'settled at start from the stored answer').to.deep.equal([]);
    await third.payouts.run();
    expect(vault.balances.get('Steve')).to.equal(300);
    expect(vault.deposits).to.equal(3);
  });

  it('gives experience only with economy.provider none', async function () {
    const { jobs, economy } = await service({ paysMoney: false });
    await jobs.join(steve, 'hunter');
    jobs.entityKilled({ player: steve, gameMode: 'survival', location: at(0), entity: 'zombie' });
    await jobs.payouts.run();
    expect(await rewards(economy, steve)).to.have.length(0);
    expect(jobs.standing(steve.uuid, jobs.catalogue.get('hunter')!)).to.deep.include({ experience: 5, level: 2, earnedTodayCents: 0 });
    expect(levelUps).to.deep.equal(['Steve hunter 2']);
  });

  it('joins and leaves: the maximum, already joined, not joined, unknown jobs, and the rejoin cooldown; experience kept', async function () {
    const { jobs } = await service();
    await jobs.join(steve, 'miner');
    await jobs.join(steve, 'digger');
    const refusal = async (work: Promise<unknown>) =>
      work.then(
        () => expect.fail('expected a refusal'),
        (error: { status: number; code: string; message: string; headers: Record<string, string> }) => error,
      );
    expect(await refusal(jobs.join(steve, 'hunter'))).to.deep.include({ status: 409, code: 'too_many_jobs' });
    expect(await refusal(jobs.join(steve, 'miner'))).to.deep.include({ status: 400, code: 'already_joined' });
    expect(await refusal(jobs.join(steve, 'baker'))).to.deep.include({ status: 400, code: 'unknown_job' });
    expect(await refusal(jobs.leave(steve, 'hunter'))).to.deep.include({ status: 400, code: 'not_joined' });
    expect(jobs.workersOf('miner')).to.equal(1);
    breakBlock(jobs, steve, 'stone', at(0));
    await jobs.leave(steve, 'miner');
    expect(jobs.workersOf('miner')).to.equal(0);
    expect(jobs.joinedJobs(steve.uuid)).to.deep.equal(['digger']);
    clock = new Date(clock.getTime() + 30_000);
    const cooldown = await refusal(jobs.join(steve, 'miner'));
    expect(cooldown).to.deep.include({ status: 409, code: 'rejoin_cooldown' });
    expect(cooldown.message).to.contain('2026-11-23T10:01:00.000Z');
    expect(cooldown.headers['Retry-After']).to.equal('30');
    clock = new Date(clock.getTime() + 30_000);
    await jobs.join(steve, 'miner');
    await jobs.payouts.run();
    expect(jobs.standing(steve.uuid, jobs.catalogue.get('miner')!)).to.deep.include({ joined: true, experience: 10 });
  });
});
