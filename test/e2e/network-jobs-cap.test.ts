/**
 * The jobs' daily cap on a network: two Gatehouse instances on one
 * PostgreSQL database, each beside its own game (the test double, whose
 * events stand for the work of a player there). A player who works the same
 * job on both servers in one day earns the cap once, in total, not once on
 * each server.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { PlayerRef } from '../../src/game/port.js';
import { FakeGame } from '../helpers/fake-game.js';
import { temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { startNetworkInstance } from '../helpers/network.js';

const jobsFile = `
jobs:
  miner:
    name: Miner
    description: Mines.
    daily-cap: 1.00
    levels: { max: 2, first: 100000, growth: 1, bonus-per-level: 0 }
    block-broken:
      stone: { money: 0.10, experience: 1 }
`;

const worker: PlayerRef = { name: 'Traveller', uuid: 'c0000000-0000-4000-8000-000000000003' };

describe('jobs on a network: the daily cap counts the work on every server', function () {
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  const servers: TestGatehouse[] = [];
  const games = new Map<TestGatehouse, FakeGame>();

  const start = async (server: string) => {
    const game = new FakeGame();
    game.emits.add('blockBroken');
    const started = await startNetworkInstance(
      { directory, postgres, prefix },
      server,
      (config) => {
        config.jobsFile = path.join(directory, 'jobs.yml');
        // Payouts are run by the test, not by the timer.
        config.jobs.payoutIntervalMs = 3_600_000;
      },
      { game },
    );
    servers.push(started);
    games.set(started, game);
    return started;
  };
  /** `count` stone broken by the worker on that server's game. */
  const mine = (server: TestGatehouse, count: number) => {
    for (let index = 0; index < count; index += 1) {
      games
        .get(server)!
        .events.emit('blockBroken', { player: worker, gameMode: 'survival', location: { world: 'world', x: index, y: 10, z: servers.indexOf(server) }, block: 'stone' });
    }
  };

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('jobs_cap');
    directory = await temporaryDirectory('gatehouse-network-jobs-');
    await writeFile(path.join(directory, 'jobs.yml'), jobsFile);
  });
  after(async function () {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(directory, { recursive: true, force: true });
  });

  it('pays a player who works on two servers the cap once in total, payouts running on both at once', async function () {
    const survival = await start('survival');
    await survival.gatehouse.services.get('jobs').join(worker, 'miner');
    // Started after the join: it reads the player's jobs from the database.
    const creative = await start('creative');
    expect(creative.gatehouse.services.get('jobs').hasJoined(worker.uuid, 'miner')).to.equal(true);
    // 15 stone on each server: 1.50 worth on each, 3.00 in all, against a cap of 1.00 a day.
    mine(survival, 15);
    mine(creative, 15);
    await Promise.all([survival.gatehouse.services.get('jobs').payouts.run(), creative.gatehouse.services.get('jobs').payouts.run()]);
    const economy = survival.gatehouse.services.get('economy');
    expect(await economy.balance(worker), 'the cap, once, in cents').to.equal(100);
    const { records } = await economy.history(worker, 1, 50);
    expect(records.filter((record) => record.type === 'REWARD').reduce((sum, record) => sum + record.amount, 0)).to.equal(100);
    // More work later that day, on either server, earns nothing more.
    mine(creative, 5);
    mine(survival, 5);
    await creative.gatehouse.services.get('jobs').payouts.run();
    await survival.gatehouse.services.get('jobs').payouts.run();
    expect(await economy.balance(worker), 'still the cap').to.equal(100);
  });
});
