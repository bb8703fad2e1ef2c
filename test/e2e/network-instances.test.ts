/**
 * A network of servers: Gatehouse instances on one PostgreSQL database, each
 * with its own embedded game server and mineflayer bots as players. A bot
 * registers on one and logs in through another; an admin messages and
 * teleports a bot, reads its inventory and sells it items through an
 * instance the bot is not on; settings and emptied caches reach every
 * instance; and an instance killed with -9 drops out of presence.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { chatLog, eventually, joinBot, leave, nextChat, registrationCodeFor } from '../helpers/bots.js';
import { api, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { killStartedProcesses, startGatehouseProcess } from '../helpers/process.js';
import { ownEmbeddedGame, startNetworkInstance } from '../helpers/network.js';

const serviceToken = 'network-service-token-for-tests-0123456789abcdef';
const shopFile = 'items:\n  diamond: { category: resources, price: 10.00, stock: 1000, target-stock: 1000 }\n';

describe('a network of servers on one database, with bots on each', function () {
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  let survival: TestGatehouse;
  let creative: TestGatehouse;
  const bots: Bot[] = [];

  const start = async (server: string) => {
    return startNetworkInstance({ directory, postgres, prefix }, server, (config) => {
      config.token = serviceToken;
      config.settings.economy.startingBalance = 1000;
      config.shopFile = path.join(directory, 'shop.yml');
    });
  };
  const gamePort = (server: TestGatehouse) => ownEmbeddedGame(server).port;
  const join = async (server: TestGatehouse, name: string) => {
    const bot = await joinBot(gamePort(server), name);
    bots.push(bot);
    return bot;
  };
  const admin = (server: TestGatehouse) => (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('network');
    directory = await temporaryDirectory('gatehouse-network-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
  });
  after(async function () {
    await Promise.all(bots.map((bot) => leave(bot)));
    await killStartedProcesses();
    await Promise.all([survival?.stop(), creative?.stop()]);
    await rm(directory, { recursive: true, force: true });
  });

  it('registers a bot in game on one server and logs it in through another; lists every player with their server', async function () {
    const bot = await join(survival, 'Wanderer');
    const code = await registrationCodeFor(bot);
    const registered = await api(creative.baseUrl, 'POST', '/api/auth/register', { body: { code, username: 'wanderer', password: 'password1', email: 'w@example.com' } });
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    const login = await api(creative.baseUrl, 'POST', '/api/auth/login', { body: { username: 'wanderer', password: 'password1' } });
    expect(login.status).to.equal(200);
    // The token made by one instance works on the other.
    expect((await api(survival.baseUrl, 'GET', '/api/auth/me', { token: login.body.token })).body.gameUsername).to.equal('Wanderer');
    await join(creative, 'Builder');
    const everyone = await eventually(
      async () => {
        const answer = await api(creative.baseUrl, 'GET', '/api/players', { token: login.body.token });
        return answer.body.count === 2 ? answer.body.players : undefined;
      },
      10_000,
      'both players listed',
    );
    expect(everyone.map((player: { name: string; server: string }) => [player.name, player.server]).sort()).to.deep.equal([
      ['Builder', 'creative'],
      ['Wanderer', 'survival'],
    ]);
    expect(
      (await api(survival.baseUrl, 'GET', '/api/players?server=creative', { token: login.body.token })).body.players.map((player: { name: string }) => player.name),
    ).to.deep.equal(['Builder']);
    const info = await api(survival.baseUrl, 'GET', '/api/server/info');
    expect(info.body).to.deep.include({ server: 'survival' });
    expect(info.body.players).to.deep.include({ online: 2, byServer: { survival: 1, creative: 1 } });
    expect((await api(survival.baseUrl, 'GET', '/api/server/info?server=creative')).body.players.online).to.equal(1);
    expect((await admin(creative)('GET', '/api/server/stats')).body.players).to.deep.include({ online: 2, byServer: { survival: 1, creative: 1 } });
  });

  it('messages, teleports and reads the inventory of a bot through an instance it is not on, and refuses a teleport across servers', async function () {
    const bot = await join(survival, 'Remote');
    await eventually(
      async () => ((await admin(creative)('GET', '/api/players')).body.players.some((player: { name: string }) => player.name === 'Remote') ? true : undefined),
      10_000,
      'Remote seen from creative',
    );
    const heard = nextChat(bot, /hello from the creative server/);
    const sent = await admin(creative)('POST', '/api/admin/messages/send', { username: 'Remote', message: 'hello from the creative server' });
    expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
    await heard;
    const moved = await admin(creative)('POST', '/api/admin/teleport-coordinates', { player: 'Remote', world: 'world', x: 30.5, y: 6, z: -12.5 });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
    await eventually(() => (Math.abs(bot.entity.position.x - 30.5) < 0.01 ? true : undefined), 5000, 'the bot moved');
    await survival.gatehouse.game.require('inventories').give('Remote', 'diamond', 3);
    const inventory = await admin(creative)('GET', '/api/player/inventory?username=Remote');
    expect(inventory.body.items).to.deep.include({ slot: 0, item: 'diamond', name: 'Diamond', count: 3, sellPrice: inventory.body.items[0].sellPrice });
    await join(creative, 'Faraway');
    await eventually(
      async () => ((await admin(survival)('GET', '/api/players')).body.players.some((player: { name: string }) => player.name === 'Faraway') ? true : undefined),
      10_000,
      'Faraway seen from survival',
    );
    const across = await admin(survival)('POST', '/api/admin/teleport-player', { player: 'Remote', targetPlayer: 'Faraway' });
    expect(across.status).to.equal(409);
    expect(across.body).to.deep.include({ code: 'on_another_server' });
  });

  it('delivers a purchase made through one instance on the server the player is on', async function () {
    const bot = await join(survival, 'Shopper');
    const code = await registrationCodeFor(bot);
    await api(survival.baseUrl, 'POST', '/api/auth/register', { body: { code, username: 'shopper', password: 'password1', email: 's@example.com' } });
    const token = (await api(creative.baseUrl, 'POST', '/api/auth/login', { body: { username: 'shopper', password: 'password1' } })).body.token as string;
    await eventually(
      async () => ((await api(creative.baseUrl, 'GET', '/api/players', { token })).body.players.some((player: { name: string }) => player.name === 'Shopper') ? true : undefined),
      10_000,
      'Shopper seen from creative',
    );
    const bought = await api(creative.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'diamond', quantity: 5 } });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(bought.body.delivery).to.deep.include({ state: 'delivered', given: 5 });
    await eventually(
      () =>
        bot.inventory
          .items()
          .filter((stack) => stack.name === 'diamond')
          .reduce((sum, stack) => sum + stack.count, 0) === 5
          ? true
          : undefined,
      5000,
      'the diamonds in the bot',
    );
    // Both instances see the same market.
    const prices = await eventually(
      async () => {
        const stock = (await api(survival.baseUrl, 'GET', '/api/economy/market-prices', { token })).body.prices.diamond.stock;
        return stock === 995 ? stock : undefined;
      },
      15_000,
      'the stock seen from survival',
    );
    expect(prices).to.equal(995);
  });

  it('applies a settings change made on one instance on every server, and empties a cache everywhere', async function () {
    const changed = await admin(creative)('POST', '/api/admin/settings', { serverName: 'One network' });
    expect(changed.status).to.equal(200);
    await eventually(
      async () => ((await admin(survival)('GET', '/api/admin/settings')).body.settings.serverName === 'One network' ? true : undefined),
      5000,
      'the setting on survival',
    );
    await eventually(() => (ownEmbeddedGame(survival).flyingSquid()?._server.motd === 'One network' ? true : undefined), 5000, "the MOTD in survival's game");
    await admin(survival)('GET', '/api/economy/market-prices');
    const before = (await admin(creative)('GET', '/api/cache/stats')).body.caches.find((cache: { name: string }) => cache.name === 'market prices');
    expect(before.size).to.equal(1);
    await admin(survival)('POST', '/api/cache/invalidate', { cache: 'market prices' });
    await eventually(
      async () => ((await admin(creative)('GET', '/api/cache/stats')).body.caches.find((cache: { name: string }) => cache.name === 'market prices').size === 0 ? true : undefined),
      5000,
      "creative's cache emptied",
    );
  });

  it("tells a restart of one server to that server's players only (each server restarts on its own)", async function () {
    const here = await join(survival, 'RestartHere');
    const there = await join(creative, 'RestartThere');
    const told = nextChat(here, /will restart in .*: maintenance/);
    expect((await admin(survival)('POST', '/api/admin/restart', { delay: 600, reason: 'maintenance' })).status).to.equal(200);
    await told;
    const cancelled = nextChat(here, /restart was cancelled/);
    expect((await admin(survival)('DELETE', '/api/admin/restart')).status).to.equal(200);
    await cancelled;
    // An announcement reaches every server, after the notices sent before it: once creative's bot has it, a restart's words would have come too.
    const barrier = nextChat(there, /network barrier/);
    expect((await admin(survival)('POST', '/api/admin/messages', { content: 'network barrier' })).status).to.equal(201);
    await barrier;
    expect(chatLog(there).filter((line) => /will restart|restart was cancelled/.test(line))).to.deep.equal([]);
  });

  it('drops an instance killed with -9 out of presence, and refuses a second instance with the same server.id', async function () {
    this.timeout(60_000);
    const settings = postgres.settings(prefix, 5);
    const storage = `storage:\n  type: postgresql\n  postgresql:\n    address: ${settings.host}:${settings.port}\n    database: ${settings.database}\n    username: ${settings.username}\n    password: "${settings.password}"\n    table-prefix: ${settings.tablePrefix}\n`;
    const lobby = await startGatehouseProcess(path.join(directory, 'lobby'), `token: ${serviceToken}\nserver:\n  id: lobby\n${storage}`);
    const port = Number(/Embedded Minecraft 1\.21\.4 server \(offline mode\) listening on [^:]+:(\d+)/.exec(lobby.output())![1]);
    const bot = await joinBot(port, 'Lobbyist');
    bots.push(bot);
    await eventually(async () => ((await admin(survival)('GET', '/api/players?server=lobby')).body.count === 1 ? true : undefined), 10_000, 'Lobbyist seen from survival');
    const twin = await startGatehouseProcess(path.join(directory, 'twin'), `token: ${serviceToken}\nserver:\n  id: lobby\n${storage}`).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(twin).to.match(/another Gatehouse is running as server\.id "lobby"/);
    lobby.child.kill('SIGKILL');
    await lobby.exited;
    const gone = Date.now();
    await eventually(async () => ((await admin(survival)('GET', '/api/players?server=lobby')).body.count === 0 ? true : undefined), 20_000, 'Lobbyist gone from presence');
    expect(Date.now() - gone, 'within the 10 s a heartbeat may age').to.be.below(15_000);
    expect((await admin(creative)('POST', '/api/admin/messages/send', { username: 'Lobbyist', message: 'anyone?' })).status).to.equal(404);
  });
});
