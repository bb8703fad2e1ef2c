/**
 * Jobs in game: mineflayer bots (real 1.21.4 clients) on the embedded
 * server dig, place and break, and the jobs pay, or do not, for it.
 * Natural stone is put beside a bot by the server's console (`setblock`),
 * which no player placed.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually, joinBot, leave, nextChat } from '../helpers/bots.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';

/** One job that levels up at its first stone, so the level-up message is seen in game too. */
const jobsFile = `jobs:
  miner:
    name: Miner
    description: Breaks stone.
    daily-cap: 100
    levels: { max: 5, first: 10, growth: 2, bonus-per-level: 0.1 }
    block-broken:
      stone: { money: 0.25, experience: 10 }
`;

type Position = Bot['entity']['position'];

describe('jobs in game: mineflayer bots on the embedded server', function () {
  let server: TestGatehouse;
  let dataDirectory: string;
  const bots: Bot[] = [];
  before(async function () {
    dataDirectory = await temporaryDirectory('gatehouse-jobs-game-');
    // jobs.yml is read beside the config file, which the tests' config is looked for in: the data directory.
    await writeFile(path.join(dataDirectory, 'jobs.yml'), jobsFile);
    server = await startTestGatehouse((config) => (config.jobs.payoutIntervalMs = 3_600_000), { dataDirectory });
  });
  afterEach(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
  });
  after(async function () {
    await server.stop();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  const gamePort = () => (server.gatehouse.game as EmbeddedGameServer).port;
  const console = (line: string) => server.gatehouse.game.require('console').run(line);
  const payout = () => server.gatehouse.services.get('jobs').payouts.run();

  async function worker(name: string, job?: string): Promise<{ bot: Bot; token: string }> {
    const bot = await joinBot(gamePort(), name);
    bots.push(bot);
    const token = await registeredUser(server.gatehouse, server.baseUrl, name.toLowerCase(), name);
    if (job) expect((await api(server.baseUrl, 'POST', '/api/jobs/join', { token, body: { job } })).status).to.equal(200);
    await eventually(() => (bot.entity.onGround ? true : undefined), 5000, `${name} on the ground`);
    return { bot, token };
  }

  /** The ground block two steps from the bot along x (`side` 1 or -1), so digging never touches the block it stands on. */
  const groundBeside = (bot: Bot, side: number) => bot.entity.position.floored().offset(2 * side, -1, 0);

  /** A diamond pickaxe in hand: stone breaks in a fraction of a second (by hand it takes 7.5 s). */
  async function equipPickaxe(bot: Bot): Promise<void> {
    const pickaxe = () => bot.inventory.items().find((item) => item.name === 'diamond_pickaxe');
    if (!pickaxe()) {
      expect(await console(`give ${bot.username} diamond_pickaxe 1`)).to.not.match(/error|unknown/i);
      await eventually(pickaxe, 5000, 'a pickaxe in the inventory');
    }
    await bot.equip(pickaxe()!, 'hand');
  }

  async function digNaturalStone(bot: Bot, at: Position): Promise<void> {
    expect(await console(`setblock ${at.x} ${at.y} ${at.z} stone`)).to.not.match(/error|unknown/i);
    const stone = await eventually(() => (bot.blockAt(at)?.name === 'stone' ? bot.blockAt(at)! : undefined), 5000, 'the stone in sight');
    await equipPickaxe(bot);
    await bot.dig(stone, true);
  }

  const experience = async (token: string) => (await api(server.baseUrl, 'GET', '/api/jobs/details?job=miner', { token })).body.you.experience as number;
  const history = async (token: string) =>
    (await api(server.baseUrl, 'GET', '/api/economy/history', { token })).body.transactions as Array<{ type: string; amount: number; balance: number; description: string }>;

  it('pays a bot that joined miner for the stone it digs: a REWARD transaction, the balance, and the level-up told in game', async function () {
    const { bot, token } = await worker('Digger', 'miner');
    await digNaturalStone(bot, groundBeside(bot, 1));
    await eventually(async () => ((await experience(token)) === 10 ? true : undefined), 5000, 'the stone counted');
    const levelUp = nextChat(bot, /You reached level (\d+) as Miner! Your pay is now x([\d.]+)\./);
    await payout();
    expect((await levelUp).slice(1)).to.deep.equal(['2', '1.10']);
    expect((await history(token)).map(({ type, amount, balance, description }) => [type, amount, balance, description])).to.deep.equal([
      ['REWARD', 0.25, 0.25, 'Jobs: Miner (1 action)'],
    ]);
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance', { token })).body.balance).to.equal(0.25);
  });

  it('pays a bot nothing for a block it placed and broke again, and pays its next natural stone', async function () {
    const { bot, token } = await worker('Builder', 'miner');
    expect(await console('give Builder stone 1')).to.not.match(/error|unknown/i);
    await eventually(() => bot.inventory.items().find((item) => item.name === 'stone'), 5000, 'stone in the inventory');
    await bot.equip(bot.inventory.items().find((item) => item.name === 'stone')!, 'hand');
    const spot = groundBeside(bot, 1);
    // Solid ground to build on (an earlier test may have dug here), set by the server, not placed by a player.
    expect(await console(`setblock ${spot.x} ${spot.y} ${spot.z} dirt`)).to.not.match(/error|unknown/i);
    const ground = await eventually(() => (bot.blockAt(spot)?.name === 'dirt' ? bot.blockAt(spot)! : undefined), 5000, 'the ground in sight');
    await bot.placeBlock(ground, ground.position.minus(ground.position).offset(0, 1, 0));
    const placed = await eventually(
      () => (bot.blockAt(ground.position.offset(0, 1, 0))?.name === 'stone' ? bot.blockAt(ground.position.offset(0, 1, 0))! : undefined),
      5000,
      'the placed stone',
    );
    await equipPickaxe(bot);
    await bot.dig(placed, true);
    await digNaturalStone(bot, groundBeside(bot, -1));
    await eventually(async () => ((await experience(token)) === 10 ? true : undefined), 5000, 'the natural stone counted');
    await payout();
    expect((await history(token)).map(({ amount, description }) => [amount, description])).to.deep.equal([[0.25, 'Jobs: Miner (1 action)']]);
  });

  it('pays a bot without the job nothing', async function () {
    const idler = await worker('Idler');
    const { bot: digger, token: diggerToken } = await worker('Digger2', 'miner');
    await digNaturalStone(idler.bot, groundBeside(idler.bot, 1));
    await digNaturalStone(digger, groundBeside(digger, -1));
    // The job's digger is counted: events flow, so the idler's dig came through unpaid.
    await eventually(async () => ((await experience(diggerToken)) === 10 ? true : undefined), 5000, 'the digger counted');
    await payout();
    expect(await history(idler.token)).to.deep.equal([]);
    expect((await api(server.baseUrl, 'GET', '/api/jobs/details?job=miner', { token: idler.token })).body.you).to.deep.include({ joined: false, experience: 0 });
  });
});
