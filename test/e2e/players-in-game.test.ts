import { expect } from 'chai';
import { registeredUser } from '../helpers/accounts.js';
import { eventually, leave, refusedJoin } from '../helpers/bots.js';
import { api } from '../helpers/gatehouse.js';
import { useGameSession } from '../helpers/game-session.js';

const serviceToken = 'players-game-token-for-tests-0123456789abcdef';

describe('players, maps and the whitelist with mineflayer bots on the embedded server', function () {
  const session = useGameSession(serviceToken);

  it('lists online players with their world, game mode and ping; admins also see address and position', async function () {
    const token = await registeredUser(session.server.gatehouse, session.server.baseUrl, 'lister', 'Lister');
    await session.join('Lister');
    await session.join('Stranger');
    const asPlayer = await api(session.server.baseUrl, 'GET', '/api/players', { token });
    expect(asPlayer.body.count).to.equal(2);
    const lister = asPlayer.body.players.find((player: { name: string }) => player.name === 'Lister');
    expect(lister).to.deep.include({ world: 'world', gameMode: 'survival', hasAccount: true, server: 'main' });
    expect((await api(session.server.baseUrl, 'GET', '/api/players?server=main', { token })).body.count).to.equal(2);
    expect((await api(session.server.baseUrl, 'GET', '/api/players?server=creative', { token })).body).to.deep.include({ count: 0, players: [] });
    expect(lister).to.not.have.property('ipAddress');
    expect(asPlayer.body.players.find((player: { name: string }) => player.name === 'Stranger').hasAccount).to.equal(false);
    const asAdmin = await session.admin('GET', '/api/players');
    const seen = asAdmin.body.players.find((player: { name: string }) => player.name === 'Lister');
    expect(seen.ipAddress).to.equal('127.0.0.1');
    expect(seen.location).to.have.keys(['x', 'y', 'z', 'yaw', 'pitch']);
    const stats = await session.admin('GET', '/api/server/stats');
    expect(stats.body.players.online).to.equal(2);
    expect(stats.body.players.peakToday).to.be.at.least(2);
  });

  it("shows a bot's inventory after it is given items and equips armour, with the market's price; admins see anyone's", async function () {
    const token = await registeredUser(session.server.gatehouse, session.server.baseUrl, 'carrier', 'Carrier');
    const bot = await session.join('Carrier');
    const inventories = session.server.gatehouse.game.require('inventories');
    await inventories.give('Carrier', 'diamond', 70);
    await inventories.give('Carrier', 'iron_helmet', 1);
    await eventually(() => (bot.inventory.items().some((stack) => stack.name === 'iron_helmet') ? true : undefined), 5000, 'the helmet in the client');
    // The bot puts the helmet on: the server follows the client's click.
    await bot.equip(bot.inventory.items().find((stack) => stack.name === 'iron_helmet')!, 'head');
    const answer = await eventually(
      async () => {
        const read = await api(session.server.baseUrl, 'GET', '/api/player/inventory', { token });
        return read.body.items?.some((stack: { slot: number }) => stack.slot === 39) ? read : undefined;
      },
      15_000,
      'the helmet in slot 39',
    );
    expect(answer.body.username).to.equal('Carrier');
    const diamonds = answer.body.items.filter((stack: { item: string }) => stack.item === 'diamond');
    expect(diamonds.map((stack: { count: number }) => stack.count).sort((a: number, b: number) => b - a)).to.deep.equal([64, 6]);
    const prices = (await api(session.server.baseUrl, 'GET', '/api/economy/market-prices', { token })).body.prices;
    expect(diamonds[0].sellPrice).to.equal(prices.diamond.sellPrice);
    expect(answer.body.items.find((stack: { slot: number }) => stack.slot === 39)).to.deep.include({ item: 'iron_helmet', count: 1, sellPrice: null });
    expect((await session.admin('GET', '/api/player/inventory?username=Carrier')).body.items).to.have.length(answer.body.items.length);
    const other = await registeredUser(session.server.gatehouse, session.server.baseUrl, 'snoop', 'Snoop');
    expect((await api(session.server.baseUrl, 'GET', '/api/player/inventory?username=Carrier', { token: other })).status).to.equal(403);
    expect((await api(session.server.baseUrl, 'GET', '/api/player/inventory', { token: other })).status, 'Snoop is not online').to.equal(404);
  });

  it('keeps where a player was last seen in each world, across a move to the nether and a quit', async function () {
    const token = await registeredUser(session.server.gatehouse, session.server.baseUrl, 'walker', 'Walker');
    const walker = await session.join('Walker');
    const moved = await session.admin('POST', '/api/admin/teleport-coordinates', { player: 'Walker', world: 'world_nether', x: 12.5, y: 90, z: -3.5 });
    expect(moved.status).to.equal(200);
    const maps = await eventually(
      async () => {
        const answer = await api(session.server.baseUrl, 'GET', '/api/player/maps', { token });
        const nether = answer.body.worlds.find((world: { name: string }) => world.name === 'world_nether');
        return nether.lastSeen ? answer.body : undefined;
      },
      15_000,
      'the nether sighting',
    );
    expect(maps.online).to.equal(true);
    // The client settles after the teleport: within a block of where it was put.
    expect(maps.current.world).to.equal('world_nether');
    expect(maps.current.x).to.be.closeTo(12.5, 1);
    expect(maps.current.z).to.be.closeTo(-3.5, 1);
    const worlds = Object.fromEntries(maps.worlds.map((world: { name: string; lastSeen: { x: number; z: number } | null }) => [world.name, world.lastSeen]));
    expect(worlds.world, 'seen in the overworld at join').to.not.equal(null);
    expect(worlds.world_nether!.x).to.be.closeTo(12.5, 1);
    expect(worlds.world_nether!.z).to.be.closeTo(-3.5, 1);
    expect(worlds.world_the_end).to.equal(null);
    await leave(walker);
    await eventually(async () => ((await api(session.server.baseUrl, 'GET', '/api/players', { token })).body.count === 0 ? true : undefined), 5000, 'Walker gone');
    const afterQuit = (await api(session.server.baseUrl, 'GET', '/api/player/maps', { token })).body;
    expect(afterQuit).to.deep.include({ online: false, current: null });
    expect(afterQuit.worlds.find((world: { name: string }) => world.name === 'world_nether').lastSeen.x).to.be.closeTo(12.5, 1);
  });

  it('applies a whitelist change at the next join', async function () {
    await session.admin('POST', '/api/admin/settings', { whitelist: { enabled: true } });
    try {
      expect(await refusedJoin(session.gamePort, 'Outsider')).to.match(/not white-listed/);
      expect((await session.admin('POST', '/api/whitelist/add', { username: 'Outsider' })).body.changed).to.equal(true);
      await session.join('Outsider');
      expect((await session.admin('GET', '/api/whitelist')).body.enabled).to.equal(true);
    } finally {
      await session.admin('POST', '/api/admin/settings', { whitelist: { enabled: false } });
    }
  });

  it('measures its own tick rate: at most 20 per second, and lower after the process stalls', async function () {
    const before = (await session.admin('GET', '/api/server/stats')).body.ticks;
    expect(before.oneMinute).to.be.within(1, 20);
    // How fast a tick is, is a speed goal for bench/, not a test: here only that it is measured.
    expect(before.millisecondsPerTick).to.be.a('number').at.least(0);
    // The server runs in this process: a 2 s stall here is 2 s without ticks there.
    const stalled = Date.now();
    while (Date.now() - stalled < 2000) {
      // busy on purpose
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = (await session.admin('GET', '/api/server/stats')).body.ticks;
    expect(after.oneMinute, `${before.oneMinute} before the stall`).to.be.lessThan(before.oneMinute - 1);
  });
});
