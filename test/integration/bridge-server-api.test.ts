/**
 * The players, whitelist and server groups, and the in-game economy
 * commands, on a Paper server: the real plugin jar in the JVM harness (a
 * fake Paper server) against the sidecar, driven over HTTP as a dashboard
 * and players would.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness, type HarnessOptions } from '../helpers/harness.js';

const token = 'bridge-server-token-for-tests-0123456789abcdef';
const mebibyte = 1024 * 1024;

describe('players, whitelist, server and in-game economy through the plugin in the JVM harness', function () {
  let server: TestGatehouse;
  let bridge: BridgeGameAdapter;
  let harness: PaperHarness | undefined;
  let directory: string;
  const admin = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token, body });

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-bridge-server-');
    server = await startBridgeGatehouse(token, 5000);
    bridge = server.gatehouse.game as BridgeGameAdapter;
  });
  afterEach(async function () {
    if (harness) expect(await harness.stopAndListOffMainThread(), 'Bukkit calls made off the main thread').to.deep.equal([]);
    harness = undefined;
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

  async function connect(options: Pick<HarnessOptions, 'vault' | 'spigot'> = {}): Promise<PaperHarness> {
    harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, token), ...options });
    await eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
    return harness;
  }

  /** The player joins, types /register and makes a web account with the code; answers the account's token. */
  async function webAccount(player: string, address = '127.0.0.1'): Promise<string> {
    return harness!.webAccount(server.baseUrl, player, address);
  }

  /** The text of the player's next message matching `pattern`, colour codes stripped, after `count` messages seen before. */
  async function messageAfter(player: string, seen: number, pattern: RegExp): Promise<string> {
    return eventually(
      async () => {
        const messages = ((await harness!.player(player)).messages ?? []).slice(seen).map((text) => text.replace(/§./g, ''));
        return messages.find((text) => pattern.test(text));
      },
      15_000,
      `a message to ${player} matching ${pattern}`,
    );
  }
  const messageCount = async (player: string) => ((await harness!.player(player)).messages ?? []).length;

  it('lists online players with their world, game mode and account, their inventories and maps, where they were seen', async function () {
    await connect();
    const steve = await webAccount('Steve', '10.1.2.3');
    await harness!.joinSeenBy(bridge.events, { name: 'Alex', gameMode: 'creative' });
    const online = await api(server.baseUrl, 'GET', '/api/players', { token: steve });
    expect(online.status).to.equal(200);
    expect(online.body.count).to.equal(2);
    const byName = Object.fromEntries(online.body.players.map((player: { name: string }) => [player.name, player]));
    expect(byName.Steve).to.deep.include({ world: 'world', gameMode: 'survival', hasAccount: true });
    expect(byName.Alex).to.deep.include({ world: 'world', gameMode: 'creative', hasAccount: false });
    expect(byName.Steve, 'players see no addresses').to.not.have.property('ipAddress');
    const asAdmin = (await admin('GET', '/api/players')).body.players.find((player: { name: string }) => player.name === 'Steve');
    expect(asAdmin).to.deep.include({ ipAddress: '10.1.2.3' });
    expect(asAdmin.location).to.deep.include({ x: 0.5, y: 64, z: 0.5 });

    await harness!.request('give', { name: 'Steve', item: 'diamond', count: 5 });
    await harness!.request('give', { name: 'Steve', item: 'stone', count: 70 });
    const inventory = await api(server.baseUrl, 'GET', '/api/player/inventory', { token: steve });
    expect(inventory.status).to.equal(200);
    expect(inventory.body.items.map((item: { slot: number; item: string; count: number }) => [item.slot, item.item, item.count])).to.deep.equal([
      [0, 'diamond', 5],
      [1, 'stone', 64],
      [2, 'stone', 6],
    ]);
    expect((await admin('GET', '/api/player/inventory?username=Alex')).body.items).to.deep.equal([]);

    const teleported = await admin('POST', '/api/admin/teleport-coordinates', { player: 'Steve', world: 'world_nether', x: 10, y: 70, z: 20 });
    expect(teleported.status, JSON.stringify(teleported.body)).to.equal(200);
    const maps = await api(server.baseUrl, 'GET', '/api/player/maps', { token: steve });
    expect(maps.status).to.equal(200);
    expect(maps.body).to.deep.include({ username: 'Steve', online: true, current: { world: 'world_nether', x: 10, y: 70, z: 20 } });
    expect(maps.body.worlds.map((world: { name: string; environment: string; spawn: unknown }) => [world.name, world.environment, world.spawn])).to.deep.equal([
      ['world', 'normal', { x: 0, y: 64, z: 0 }],
      ['world_nether', 'nether', { x: 8, y: 70, z: -4 }],
      ['world_the_end', 'end', { x: 100, y: 49, z: 0 }],
    ]);
    expect(maps.body.worlds[0].lastSeen, 'where Steve left the overworld').to.deep.include({ x: 0.5, y: 64, z: 0.5 });
  });

  it("manages the server's whitelist: added players get in at once when it is on, removed ones do not", async function () {
    await connect();
    expect((await admin('POST', '/api/whitelist/add', { username: 'Wanda' })).body.changed).to.equal(true);
    expect((await admin('POST', '/api/whitelist/add', { username: 'wanda' })).body.changed).to.equal(false);
    expect((await admin('POST', '/api/whitelist/add', { username: 'Zed' })).body.changed).to.equal(true);
    expect((await admin('POST', '/api/admin/settings', { whitelist: { enabled: true } })).status).to.equal(200);
    expect((await harness!.request('state')).whitelist, 'applied in game').to.equal(true);
    const listed = await admin('GET', '/api/whitelist');
    expect(listed.body.enabled).to.equal(true);
    expect(listed.body.entries.map((entry: { name: string }) => entry.name).sort()).to.deep.equal(['Wanda', 'Zed']);
    expect((await admin('GET', '/api/whitelist/check?username=Zed')).body.whitelisted).to.equal(true);

    expect((await harness!.request<{ joined?: boolean }>('join', { name: 'Wanda' })).joined).to.equal(true);
    expect((await admin('POST', '/api/whitelist/remove', { username: 'Zed' })).body.changed).to.equal(true);
    expect((await admin('POST', '/api/whitelist/remove', { username: 'Zed' })).status).to.equal(404);
    expect((await harness!.request<{ refused?: string }>('join', { name: 'Zed' })).refused).to.match(/not white-listed/);
  });

  it("reports Paper's tick rate as its /tps does (at most 20, two decimals) and the server's memory, in the stats", async function () {
    await connect();
    // Read on the server's main thread, the tick rate is asked about once a tick however many ask: a change shows a read later.
    const ticksBecome = (expected: object) =>
      eventually(
        async () => {
          const stats = await admin('GET', '/api/server/stats');
          expect(stats.status).to.equal(200);
          return JSON.stringify(stats.body.ticks) === JSON.stringify(expected) ? stats : undefined;
        },
        2000,
        `the tick rate ${JSON.stringify(expected)}`,
      );
    await harness!.request('tickRate', { tps: [21.37, 18.456, 19.994], msPerTick: 42.123 });
    const stats = await ticksBecome({ oneMinute: 20, fiveMinutes: 18.46, fifteenMinutes: 19.99, millisecondsPerTick: 42.12 });
    // The harness JVM runs with -Xmx256m: the game's memory is that JVM's, not Gatehouse's.
    const game = stats.body.memory.game;
    expect(game.maxBytes).to.be.within(128 * mebibyte, 256 * mebibyte);
    expect(game.usedBytes).to.be.within(1, game.maxBytes);

    await harness!.request('tickRate', { tps: [12.5, 15, 17.25], msPerTick: 80 });
    await ticksBecome({ oneMinute: 12.5, fiveMinutes: 15, fifteenMinutes: 17.25, millisecondsPerTick: 80 });

    const info = await api(server.baseUrl, 'GET', '/api/server/info');
    expect(info.body.game).to.deep.equal({ connected: true, software: 'GatehouseHarness fake', version: '1.21.4' });
    expect(info.body.worlds).to.deep.equal(['world', 'world_nether', 'world_the_end']);
  });

  it("reports no tick rate and no game memory on a server without Paper's tick API (Spigot)", async function () {
    await connect({ spigot: true });
    expect(bridge.capability('performance')).to.equal(undefined);
    const stats = await admin('GET', '/api/server/stats');
    expect(stats.status).to.equal(200);
    expect(stats.body.ticks).to.equal(null);
    expect(stats.body.memory.game).to.equal(null);
  });

  it('answers /balance and /pay typed on the server from the builtin economy, and the web history shows the payment', async function () {
    await connect();
    expect((await admin('POST', '/api/admin/settings', { economy: { startingBalance: 50 } })).status).to.equal(200);
    await harness!.request('join', { name: 'Payer' });
    const payee = await webAccount('Payee');
    let seen = await messageCount('Payer');
    await harness!.request('command', { name: 'Payer', line: '/balance' });
    expect(await messageAfter('Payer', seen, /^Your balance: /)).to.equal('Your balance: $50.00');

    seen = await messageCount('Payer');
    const payeeSeen = await messageCount('Payee');
    await harness!.request('command', { name: 'Payer', line: '/pay Payee 12.25' });
    expect(await messageAfter('Payer', seen, /^You paid/)).to.equal('You paid Payee $12.25. Your balance: $37.75');
    expect(await messageAfter('Payee', payeeSeen, /paid you/)).to.equal('Payer paid you $12.25.');

    seen = await messageCount('Payer');
    await harness!.request('command', { name: 'Payer', line: '/pay Payee 1000' });
    expect(await messageAfter('Payer', seen, /^You do not have/)).to.equal('You do not have $1,000.00; your balance is $37.75.');
    seen = await messageCount('Payer');
    await harness!.request('command', { name: 'Payer', line: '/pay Payee lots' });
    expect(await messageAfter('Payer', seen, /^Usage/)).to.match(/^Usage: \/pay <player> <amount>/);

    const history = await api(server.baseUrl, 'GET', '/api/economy/history', { token: payee });
    expect(history.body.transactions).to.have.length(1);
    expect(history.body.transactions[0]).to.deep.include({ type: 'TRANSFER', amount: 12.25, balance: 62.25, counterparty: 'Payer' });
  });

  it("moves the server's Vault money with /pay when Vault is the provider", async function () {
    await connect({ vault: true });
    await harness!.request('join', { name: 'Payer' });
    await harness!.request('join', { name: 'Payee' });
    const economy = bridge.require('economy');
    await economy.deposit('Payer', 2000);
    const before = [await economy.balance('Payer'), await economy.balance('Payee')];
    const seen = await messageCount('Payer');
    await harness!.request('command', { name: 'Payer', line: '/pay Payee 7.50' });
    expect(await messageAfter('Payer', seen, /^You paid/)).to.match(/^You paid Payee \$7\.50\./);
    expect([await economy.balance('Payer'), await economy.balance('Payee')]).to.deep.equal([before[0]! - 750, before[1]! + 750]);
  });
});
