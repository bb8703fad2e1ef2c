/**
 * Dropped items on the embedded server, played as players would: three bots
 * dig a few hundred blocks far enough from themselves that the drops stay on
 * the ground, and the server must still let a fourth player in, keep
 * dropping items, let them be picked up, and never fail out of sight.
 */
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

type Position = Bot['entity']['position'];

/** Failures that reached the process instead of being handled: what main.ts logs as "unhandled rejection" / "uncaught exception". */
function escapedFailures(): { failures: string[]; stop(): void } {
  const failures: string[] = [];
  const onRejection = (reason: unknown) => failures.push(`unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`);
  const onException = (error: Error) => failures.push(`uncaught exception: ${error.stack ?? String(error)}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    failures,
    stop: () => {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}

describe('embedded server: dropped items never lock players out', function () {
  this.timeout(240_000);
  let server: TestGatehouse;
  let escaped: ReturnType<typeof escapedFailures>;
  const infoLog: string[] = [];
  const bots: Bot[] = [];
  before(async function () {
    escaped = escapedFailures();
    // The real default cap: 300 drops stay under it, so what is tested is that players and items no longer share one small cap.
    server = await startTestGatehouse(() => undefined, { onInfo: (line) => infoLog.push(line) });
  });
  after(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
    await server.stop();
    escaped.stop();
  });

  const gamePort = () => (server.gatehouse.game as EmbeddedGameServer).port;
  const console = (line: string) => server.gatehouse.game.require('console').run(line);

  async function join(name: string): Promise<Bot> {
    const bot = await joinBot(gamePort(), name);
    bots.push(bot);
    await eventually(() => (bot.entity.onGround ? true : undefined), 10_000, `${name} on the ground`);
    return bot;
  }

  /** A diamond shovel in hand: grass and dirt break in a few ticks, so hundreds of blocks take a minute, not ten. */
  async function equipShovel(bot: Bot): Promise<void> {
    const shovel = () => bot.inventory.items().find((item) => item.name === 'diamond_shovel');
    expect(await console(`give ${bot.username} diamond_shovel 1`)).to.not.match(/error|unknown/i);
    await eventually(shovel, 10_000, 'a shovel in the inventory');
    await bot.equip(shovel()!, 'hand');
  }

  /**
   * The ground's top blocks in a 10 x 10 patch at least three blocks from the
   * bot (beyond the 1.75 blocks a player picks items up from), so every drop
   * stays on the ground.
   */
  function patch(origin: Position, from: { dx: number; dz: number }): Position[] {
    const spots: Position[] = [];
    for (let dx = 0; dx < 10; dx++) for (let dz = 0; dz < 10; dz++) spots.push(origin.offset(from.dx + dx, -1, from.dz + dz));
    return spots;
  }

  /** Digs what it can of the spots before the deadline; returns how many blocks it broke. */
  async function digAll(bot: Bot, spots: Position[], deadline: number): Promise<number> {
    let broken = 0;
    for (const spot of spots) {
      if (Date.now() > deadline) break;
      const block = bot.blockAt(spot);
      if (!block || block.name === 'air') continue;
      await bot.dig(block, 'ignore');
      broken++;
    }
    return broken;
  }

  /** Players, dropped items and mobs are all in flying-squid's entities; the digging here leaves only items as objects. Merged items are one entity with a count. */
  const itemsOnTheGround = () =>
    Object.values((server.gatehouse.game as EmbeddedGameServer).flyingSquid()!.entities)
      .filter((entity) => entity?.type === 'object')
      .reduce((sum, entity) => sum + ((entity as { itemCount?: number }).itemCount ?? 1), 0);

  it('lets a fourth player join after three broke some 300 blocks, and items still drop and are picked up', async function () {
    const diggers = await Promise.all(['DiggerA', 'DiggerB', 'DiggerC'].map(join));
    for (const digger of diggers) await equipShovel(digger);
    const corners = [
      { dx: 3, dz: -4 },
      { dx: -12, dz: -4 },
      { dx: -5, dz: 6 },
    ];
    const deadline = Date.now() + 120_000;
    const broken = await Promise.all(diggers.map((digger, index) => digAll(digger, patch(digger.entity.position.floored(), corners[index]!), deadline)));
    const total = broken.reduce((sum, count) => sum + count, 0);
    expect(total, 'blocks broken').to.be.at.least(250);

    const latecomer = await join('Latecomer');
    // Every drop is still there (none within a player's reach): far more than the 100 entities flying-squid was capped at.
    expect(itemsOnTheGround(), 'items left on the ground').to.equal(total);
    const below = latecomer.entity.position.floored().offset(0, -1, 0);
    expect(latecomer.blockAt(below)?.name).to.be.oneOf(['grass_block', 'dirt']);

    // A new drop appears to a player who did not see the earlier ones spawn.
    const dropSeen = new Promise<void>((resolve) => {
      latecomer.on('entitySpawn', (entity) => {
        if (entity.name === 'item') resolve();
      });
    });
    const aside = latecomer.entity.position.floored().offset(0, -1, 3);
    const ground = await eventually(() => latecomer.blockAt(aside) ?? undefined, 5000, 'the ground beside the latecomer');
    await latecomer.dig(ground, 'ignore');
    await Promise.race([dropSeen, new Promise((_, reject) => setTimeout(() => reject(new Error('no new item appeared to the latecomer')), 10_000))]);

    // A drop at a player's feet is picked up: digging the block it stands on.
    const [digger] = diggers;
    const dirtHeld = () => digger!.inventory.items().filter((item) => item.name === 'dirt').reduce((sum, item) => sum + item.count, 0);
    const before = dirtHeld();
    const underfoot = digger!.blockAt(digger!.entity.position.floored().offset(0, -1, 0))!;
    await digger!.dig(underfoot, 'ignore');
    await eventually(() => (dirtHeld() > before ? true : undefined), 10_000, 'the dropped dirt picked up');

    expect(escaped.failures).to.deep.equal([]);
    const log = [...server.errors, ...infoLog].join('\n');
    expect(log).to.not.match(/unhandled rejection|uncaught exception|Too many mobs/i);
  });
});
