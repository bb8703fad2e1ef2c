import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { squidRequire } from '../../src/game/embedded/flying-squid.js';
import { PlayerNotOnlineError } from '../../src/game/port.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

/**
 * The embedded server's inventories beyond the contract suite (which covers
 * giving, removing and reading): what a player arranges with their own
 * clicks shows in what the port reads (flying-squid ignored 1.21.4 clients'
 * clicks), bad counts are refused, and a failed operation id is forgotten.
 */
describe('embedded server: inventories', function () {
  let directory: string;
  let game: EmbeddedGameServer;
  const bots: Bot[] = [];
  before(async function () {
    directory = await temporaryDirectory('gatehouse-inventories-');
    game = new EmbeddedGameServer({ host: '127.0.0.1', port: 0, motd: 'x', maxPlayers: 5, viewDistance: 2, dataDirectory: directory, log: () => undefined });
    await game.start();
  });
  afterEach(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
  });
  after(async function () {
    await game.stop();
    await rm(directory, { recursive: true, force: true });
  });
  const join = async (name: string) => {
    const bot = await joinBot(game.port, name);
    bots.push(bot);
    return bot;
  };

  it('reads armour and the off hand where the player put them, in vanilla slots 36-40', async function () {
    const bot = await join('Knight');
    const inventories = game.require('inventories');
    for (const item of ['diamond_boots', 'iron_helmet', 'shield', 'bread']) expect(await inventories.give('Knight', item, 1)).to.equal(1);
    await eventually(() => (bot.inventory.items().length === 4 ? true : undefined), 5000, 'the items on the client');
    const item = (name: string) => bot.inventory.items().find((stack) => stack.name === name)!;
    await bot.equip(item('diamond_boots'), 'feet');
    await bot.equip(item('iron_helmet'), 'head');
    await bot.equip(item('shield'), 'off-hand');
    const arranged = [
      { item: 'bread', count: 1, slot: 3 },
      { item: 'diamond_boots', count: 1, slot: 36 },
      { item: 'iron_helmet', count: 1, slot: 39 },
      { item: 'shield', count: 1, slot: 40 },
    ];
    await eventually(async () => (JSON.stringify(await inventories.read('Knight')) === JSON.stringify(arranged) ? true : undefined), 5000, 'the server to see the arrangement');
  });

  it('refuses a count that is not a whole number of at least 1, changing nothing', async function () {
    await join('Careful');
    const inventories = game.require('inventories');
    for (const count of [0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(await inventories.give('Careful', 'diamond', count).catch((error: Error) => error), `give ${count}`).to.be.instanceOf(RangeError);
      expect(await inventories.remove('Careful', 'diamond', count).catch((error: Error) => error), `remove ${count}`).to.be.instanceOf(RangeError);
    }
    expect(await inventories.read('Careful')).to.deep.equal([]);
  });

  it('forgets an operation id whose change failed, so it can be tried again', async function () {
    const inventories = game.require('inventories');
    const early = await inventories.give('Latecomer', 'diamond', 3, { operationId: 'embedded-late-1' }).catch((error: Error) => error);
    expect(early).to.be.instanceOf(PlayerNotOnlineError);
    await join('Latecomer');
    expect(await inventories.give('Latecomer', 'diamond', 3, { operationId: 'embedded-late-1' })).to.equal(3);
    expect(await inventories.give('Latecomer', 'diamond', 3, { operationId: 'embedded-late-1' })).to.equal(3);
    expect(await inventories.read('Latecomer')).to.deep.equal([{ item: 'diamond', count: 3, slot: 0 }]);
  });

  it('answers a retried change from memory after the player left, instead of saying they are not online', async function () {
    const bot = await join('Leaver');
    const inventories = game.require('inventories');
    await inventories.give('Leaver', 'cobblestone', 20);
    expect(await inventories.remove('Leaver', 'cobblestone', 15, { operationId: 'embedded-sale-1' })).to.equal(15);
    await leave(bot);
    bots.splice(bots.indexOf(bot), 1);
    await eventually(async () => ((await game.onlinePlayers()).length === 0 ? true : undefined), 5000, 'Leaver gone');
    // The sale's answer was lost; its retry comes after the player left: the items were taken, and it says so.
    expect(await inventories.remove('Leaver', 'cobblestone', 15, { operationId: 'embedded-sale-1' })).to.equal(15);
    expect(
      await inventories.give('Leaver', 'diamond', 1, { operationId: 'embedded-never' }).catch((error: Error) => error),
      'a new change still needs the player',
    ).to.be.instanceOf(PlayerNotOnlineError);
  });

  it('counts armour and the off hand when removing, and tells the client', async function () {
    const bot = await join('Squire');
    const inventories = game.require('inventories');
    await inventories.give('Squire', 'shield', 2);
    await eventually(() => (bot.inventory.items().length === 2 ? true : undefined), 5000, 'the shields on the client');
    await bot.equip(bot.inventory.items().find((stack) => stack.name === 'shield')!, 'off-hand');
    await eventually(async () => ((await inventories.read('Squire')).some((stack) => stack.slot === 40) ? true : undefined), 5000, 'a shield in the off hand');
    expect(await inventories.remove('Squire', 'shield', 2)).to.equal(2);
    expect(await inventories.read('Squire')).to.deep.equal([]);
    await eventually(() => (bot.inventory.slots.every((slot) => !slot) ? true : undefined), 5000, 'the client empty');
  });
  it('keeps the player file whole, with every operation made at once for one player (a delivery and a sale side by side)', async function () {
    await join('Busy');
    const inventories = game.require('inventories');
    const uuid = (await game.onlinePlayers()).find((player) => player.name === 'Busy')!.uuid;
    const nbt = squidRequire<{ parse(data: Buffer, callback: (error: Error | null, parsed: { value: Record<string, { value: unknown }> }) => void): void }>('prismarine-nbt');
    // The shop's deliveries and its sales hold different per-player locks, so the game may be asked both at once.
    for (let round = 1; round <= 50; round += 1) {
      expect(await inventories.give('Busy', 'diamond', 2, { operationId: `setup-${round}` })).to.equal(2);
      const operations = [`give:delivery-${round}-1`, `give:delivery-${round}-2`, `remove:sale-${round}`];
      await Promise.all([
        inventories.give('Busy', 'bread', 1, { operationId: `delivery-${round}-1` }),
        inventories.give('Busy', 'apple', 1, { operationId: `delivery-${round}-2` }),
        inventories.remove('Busy', 'diamond', 2, { operationId: `sale-${round}` }),
      ]);
      // What a crash now would leave: the player's file as it is on disk.
      const data = await readFile(path.join(directory, 'world', 'playerdata', `${uuid}.dat`));
      const parsed = await new Promise<{ value: Record<string, { value: unknown }> } | Error>((resolve) => nbt.parse(data, (error, value) => resolve(error ?? value)));
      expect(parsed, `round ${round}: the player file can be read`).to.not.be.instanceOf(Error);
      const kept = Object.keys(((parsed as { value: Record<string, { value: unknown }> }).value.GatehouseOperations?.value ?? {}) as Record<string, unknown>);
      expect(kept, `round ${round}: every operation answered is in the file, so a retry after a crash is not done again`).to.include.members(operations);
    }
  });
});
