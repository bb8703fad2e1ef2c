import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

/**
 * What a player does with their own inventory shows in what the game port
 * reads: flying-squid ignored 1.21.4 clients' clicks (the contract suite
 * covers giving, removing and reading).
 */
describe('embedded server: inventories as players arrange them', function () {
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
});
