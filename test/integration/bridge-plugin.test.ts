/**
 * The real plugin jar, in the JVM harness (a fake Paper server), against the
 * sidecar: what players and admins do end to end through it, and the
 * protocol's failure cases seen from both ends.
 */
import { rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { expect } from 'chai';
import { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { GameUnavailableError, InsufficientFundsError, PlayerNotOnlineError, UnknownItemError, UnknownWorldError, type GameEvents } from '../../src/game/port.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';
import { onJsonLines } from '../helpers/json-lines.js';

const token = 'plugin-test-token-for-tests-0123456789abcdef';

describe('the plugin in the JVM harness, with the sidecar', function () {
  let server: TestGatehouse;
  let bridge: BridgeGameAdapter;
  let directory: string;
  const harnesses: PaperHarness[] = [];
  const startHarness = async (options: { token?: string; vault?: boolean; serverProperties?: Record<string, string> } = {}) => {
    const harness = await PaperHarness.start({
      directory,
      config: PaperHarness.configFor(bridge.port, options.token ?? token),
      vault: options.vault,
      serverProperties: options.serverProperties,
    });
    harnesses.push(harness);
    return harness;
  };
  const connected = () => eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
  const admin = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token, body });

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-plugin-');
    server = await startBridgeGatehouse(token, 1000);
    bridge = server.gatehouse.game as BridgeGameAdapter;
  });
  afterEach(async function () {
    for (const harness of harnesses.splice(0)) expect(await harness.stopAndListOffMainThread(), 'Bukkit calls made off the main thread').to.deep.equal([]);
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('lets a player get a code with /register and create a web account; server operators are admins', async function () {
    const harness = await startHarness();
    await connected();
    await harness.request('join', { name: 'Steve', address: '10.1.2.3' });
    const code = await harness.registrationCode('Steve', 5000);
    // The portal's address, a link the player clicks to make the account with the code filled in.
    const shown = await harness.player('Steve');
    expect(shown.messages!.find((text) => /registration code/.test(text))).to.contain(`${server.baseUrl}/register`);
    expect(shown.links).to.deep.equal([`${server.baseUrl}/register?code=${code}`]);
    const registered = await api(server.baseUrl, 'POST', '/api/auth/register', { body: { code, username: 'steve_web', email: 'steve@example.com', password: 'password1' } });
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'steve_web', password: 'password1' } });
    const me = () => api(server.baseUrl, 'GET', '/api/auth/me', { token: login.body.token });
    expect((await me()).body).to.deep.include({ username: 'steve_web', gameUsername: 'Steve', isAdmin: false });
    // Opped on the server's console: the plugin's copy of the operators catches up within a tick.
    await harness.request('op', { name: 'Steve' });
    await eventually(async () => ((await me()).body.isAdmin === true ? true : undefined), 15_000, 'isAdmin true');
  });

  it('logs joins, quits and refusals with addresses and reasons', async function () {
    const harness = await startHarness();
    await connected();
    await bridge.operators.setOperator('Chief', true);
    await bridge.require('whitelist').setEnabled(true);
    await harness.request('join', { name: 'Chief', address: '10.0.0.9' });
    expect((await harness.request<{ refused?: string }>('join', { name: 'Stranger', address: '10.0.0.66' })).refused).to.match(/not white-listed/);
    await harness.request('quit', { name: 'Chief' });
    const log = await eventually(
      async () => {
        const { body } = await admin('GET', '/api/admin/connections?limit=10');
        return body.connections.length >= 3 ? body.connections : undefined;
      },
      15_000,
      'three connection log entries',
    );
    expect(
      log.map((entry: { username: string; action: string; ipAddress: string; success: boolean }) => [entry.username, entry.action, entry.ipAddress, entry.success]),
    ).to.deep.equal([
      ['Chief', 'LOGOUT', '10.0.0.9', true],
      ['Stranger', 'LOGIN', '10.0.0.66', false],
      ['Chief', 'LOGIN', '10.0.0.9', true],
    ]);
    expect(log[1].reason).to.match(/not white-listed/);
  });

  it('announces a player kicked by another plugin while joining as joined, then gone: in that order, and not online after', async function () {
    const harness = await startHarness();
    await connected();
    // The quit reaches the plugin before the join does (it is fired inside the join event).
    expect((await harness.request('join', { name: 'Bounced', address: '10.0.0.7', kickedDuringJoin: true })).joined).to.equal(true);
    expect((await harness.player('Bounced')).online).to.equal(false);
    await harness.request('join', { name: 'Stays', address: '10.0.0.8' });
    // The plugin sends events in order: once Stays' join is logged, whatever it sent of Bounced is too.
    const log = await eventually(
      async () => {
        const { body } = await admin('GET', '/api/admin/connections?limit=10');
        return body.connections.some((entry: { username: string }) => entry.username === 'Stays') ? body.connections : undefined;
      },
      15_000,
      "Stays' join in the connection log",
    );
    // Newest first: Bounced came and went, never the other way round (a LOGIN last would count them online for good).
    expect(log.filter((entry: { username: string }) => entry.username === 'Bounced').map((entry: { action: string }) => entry.action)).to.deep.equal(['LOGOUT', 'LOGIN']);
    const players = await admin('GET', '/api/players');
    expect(players.body.players.map((player: { name: string }) => player.name)).to.deep.equal(['Stays']);
    const stats = await admin('GET', '/api/server/stats');
    expect(stats.body.players).to.deep.include({ online: 1, peakToday: 1 });
    expect((await admin('POST', '/api/admin/messages/send', { username: 'Bounced', message: 'hello?' })).status).to.equal(404);
  });

  it("keeps the server's own settings when the plugin connects, applying only what admins changed", async function () {
    // Changed through the API while no server was connected.
    expect((await admin('POST', '/api/admin/settings', { maxPlayers: 42 })).status).to.equal(200);
    const harness = await startHarness({
      serverProperties: { motd: 'Owner MOTD', 'max-players': '50', difficulty: 'hard', gamemode: 'adventure', pvp: 'false', 'white-list': 'true' },
    });
    await connected();
    const settings = await eventually(
      async () => {
        const { body } = await admin('GET', '/api/admin/settings');
        return body.settings.serverName === 'Owner MOTD' ? body.settings : undefined;
      },
      15_000,
      "the server's settings in the API",
    );
    expect(settings).to.deep.include({ serverName: 'Owner MOTD', maxPlayers: 42, difficulty: 'hard', gameMode: 'adventure', pvpEnabled: false });
    expect(settings.whitelist.enabled).to.equal(true);
    const state = await eventually(
      async () => {
        const current = await harness.request('state');
        return current.maxPlayers === 42 ? current : undefined;
      },
      15_000,
      'the admin change applied to the server',
    );
    expect(state).to.deep.include({ motd: 'Owner MOTD', whitelist: true, defaultGameMode: 'adventure' });
    expect(state.worlds.world).to.deep.equal({ difficulty: 'hard', pvp: false, autoSave: true, saves: 0, lastSaveFlushed: false });
  });

  it('restarts the server from the API: a countdown on a boss bar, warnings, the kick with the reason, and the plugin back', async function () {
    const harness = await startHarness();
    await connected();
    await harness.request('join', { name: 'Waiter' });
    expect((await admin('POST', '/api/admin/restart', { delay: 3, reason: 'Plugin update' })).status).to.equal(200);
    await eventually(
      async () => ((await harness.player('Waiter')).bossBars?.some((title) => /^Server restart in \ds - Plugin update$/.test(title)) ? true : undefined),
      5000,
      'the countdown bar',
    );
    const kicked = await eventually(async () => (await harness.player('Waiter')).kickedWith ?? undefined, 8000, 'the kick');
    expect(kicked).to.equal('Plugin update');
    const seen = (await harness.player('Waiter')).messages!;
    expect(
      seen.some((text) => /Server restarts in [12] seconds?: Plugin update/.test(text)),
      seen.join(' | '),
    ).to.equal(true);
    await eventually(async () => ((await harness.request('state')).restarts === 1 && bridge.isConnected() ? true : undefined), 10000, 'the restarted server connected again');
    expect((await admin('GET', '/api/admin/restart')).body.restart).to.equal(null);
    await harness.request('join', { name: 'Waiter' });
    expect((await harness.player('Waiter')).bossBars).to.deep.equal([]);
  });

  it('reads and changes inventories, and uses the Vault economy when Vault is there, in cents', async function () {
    const harness = await startHarness({ vault: true });
    await connected();
    await harness.request('join', { name: 'Trader' });
    expect(await bridge.require('inventories').give('Trader', 'minecraft:diamond', 70)).to.equal(70);
    expect(await bridge.require('inventories').read('trader')).to.deep.equal([
      { item: 'diamond', count: 64, slot: 0 },
      { item: 'diamond', count: 6, slot: 1 },
    ]);
    expect(await bridge.require('inventories').remove('Trader', 'diamond', 100)).to.equal(70);
    expect(await bridge.require('inventories').read('Trader')).to.deep.equal([]);
    const unknownItem = await bridge
      .require('inventories')
      .give('Trader', 'no_such_item', 1)
      .catch((error: Error) => error);
    expect(unknownItem).to.be.instanceOf(UnknownItemError).and.to.deep.include({ item: 'no_such_item' });
    // A block that is no item (water) is not an item either.
    expect(
      await bridge
        .require('inventories')
        .remove('Trader', 'water', 1)
        .catch((error: Error) => error),
    ).to.be.instanceOf(UnknownItemError);

    // The wire counts in cents; the plugin converts to and from Vault's doubles, to the cent.
    const economy = bridge.require('economy');
    expect(await economy.describe()).to.equal('Vault (HarnessEconomy)');
    expect(await economy.balance('Trader')).to.equal(10000);
    expect(await economy.deposit('Trader', 2550)).to.equal(12550);
    expect(await economy.deposit('Trader', 1)).to.equal(12551);
    expect(await economy.withdraw('trader', 10001)).to.equal(2550);
    const short = await economy.withdraw('Trader', 100000).catch((error: Error) => error);
    expect(short).to.be.instanceOf(InsufficientFundsError).and.to.deep.include({ playerName: 'Trader', neededCents: 100000, balanceCents: 2550 });
    expect(await economy.balance('Trader')).to.equal(2550);
    // Not whole cents: refused, nothing moved.
    const halfCent = await economy.deposit('Trader', 12.5).catch((error: Error) => error);
    expect(halfCent)
      .to.be.instanceOf(Error)
      .with.property('message')
      .that.matches(/params\.cents must be a whole number/);
    expect(await economy.balance('Trader')).to.equal(2550);
  });

  it('never lets a balance go negative: of concurrent withdrawals, those the balance cannot cover are refused', async function () {
    const harness = await startHarness({ vault: true });
    await connected();
    await harness.request('join', { name: 'Spender' });
    const economy = bridge.require('economy');
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        economy.withdraw('Spender', 3000).then(
          (after) => after,
          (error: Error) => error,
        ),
      ),
    );
    // The check and the withdrawal share one main-thread task, so a refusal is always the check's (-32012), never Vault's failure.
    expect(outcomes.filter((outcome) => typeof outcome === 'number').sort()).to.deep.equal([1000, 4000, 7000]);
    expect(outcomes.filter((outcome) => outcome instanceof InsufficientFundsError)).to.have.length(2);
    expect(await economy.balance('Spender')).to.equal(1000);
  });

  it('offers no economy without Vault', async function () {
    await startHarness();
    await connected();
    expect(bridge.capability('economy')).to.equal(undefined);
    expect(bridge.capability('inventories')).to.not.equal(undefined);
  });

  it('reports blocks broken and placed and mobs killed by players with their game mode, but not a cancelled break or place', async function () {
    const seen: Array<[string, unknown]> = [];
    for (const event of ['blockBroken', 'blockPlaced', 'entityKilled'] as const) bridge.events.on(event, (payload: unknown) => seen.push([event, payload]));
    const harness = await startHarness();
    await connected();
    await harness.request('join', { name: 'Miner' });
    await harness.request('join', { name: 'Builder', gameMode: 'creative' });
    await harness.request('breakBlock', { name: 'Miner', block: 'stone', cancelled: true });
    await harness.request('placeBlock', { name: 'Builder', block: 'dirt', cancelled: true });
    await harness.request('breakBlock', { name: 'Miner', block: 'oak_log' });
    await harness.request('placeBlock', { name: 'Builder', block: 'stone' });
    await harness.request('gameMode', { name: 'Miner', gameMode: 'adventure' });
    await harness.request('kill', { name: 'Miner', entity: 'zombie' });
    await eventually(() => (seen.length >= 3 ? true : undefined), 5000, 'three events');
    const uuids = Object.fromEntries((await bridge.onlinePlayers()).map((player) => [player.name, player.uuid]));
    expect(seen).to.deep.equal([
      [
        'blockBroken',
        { player: { name: 'Miner', uuid: uuids.Miner }, gameMode: 'survival', block: 'oak_log', location: { world: 'world', x: 10, y: 64, z: -3, yaw: 0, pitch: 0 } },
      ],
      [
        'blockPlaced',
        { player: { name: 'Builder', uuid: uuids.Builder }, gameMode: 'creative', block: 'stone', location: { world: 'world', x: 11, y: 64, z: -3, yaw: 0, pitch: 0 } },
      ],
      [
        'entityKilled',
        { player: { name: 'Miner', uuid: uuids.Miner }, gameMode: 'adventure', entity: 'zombie', location: { world: 'world', x: 1, y: 65, z: 2, yaw: 0, pitch: 0 } },
      ],
    ]);
  });

  it('is refused with a wrong token: both sides log it, and nothing is offered', async function () {
    const harness = await startHarness({ token: 'not-the-token' });
    await eventually(
      () => (harness.log.some((line) => /sidecar refused this plugin: wrong token \(check "token" in config.yml\)/.test(line)) ? true : undefined),
      5000,
      'the plugin to log the refusal',
    );
    expect(server.errors.join('\n')).to.match(/refused a plugin connection from 127\.0\.0\.1: wrong token/);
    expect(bridge.isConnected()).to.equal(false);
    expect((await admin('POST', '/api/teleport', { player: 'A', target: 'B' })).status).to.equal(503);
  });

  it('fails a request the server is too busy to answer with a 503, and carries on after', async function () {
    const harness = await startHarness();
    await connected();
    await harness.request('join', { name: 'Patient' });
    await harness.request('freeze', { ms: 1500 });
    const slow = await admin('POST', '/api/admin/messages/send', { username: 'Patient', message: 'late' });
    expect(slow.status).to.equal(503);
    expect(slow.body.error).to.match(/no answer to messaging\.send within 1000 ms/);
    // The late answer is dropped; the link is still good.
    await eventually(
      async () => ((await admin('POST', '/api/admin/messages/send', { username: 'Patient', message: 'on time' })).status === 200 ? true : undefined),
      5000,
      'a prompt answer',
    );
    expect(bridge.isConnected()).to.equal(true);
  });

  it('fails requests in flight with a clear error when the server dies, and resumes when it is back', async function () {
    const first = await startHarness();
    await connected();
    await first.request('freeze', { ms: 5000 });
    const inFlight = Array.from({ length: 5 }, () =>
      bridge.onlinePlayers().then(
        () => 'answered',
        (error: Error) => error,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    first.kill();
    const outcomes = await Promise.all(inFlight);
    for (const outcome of outcomes) {
      expect(outcome).to.be.instanceOf(GameUnavailableError);
      expect((outcome as Error).message).to.match(/closed before the answer came/);
    }
    harnesses.splice(harnesses.indexOf(first), 1);
    await startHarness();
    await connected();
    expect(await bridge.onlinePlayers()).to.deep.equal([]);
  });

  it('fails requests in flight on the old connection when the plugin reconnects, and serves the new one', async function () {
    const first = await startHarness();
    await connected();
    await first.request('freeze', { ms: 3000 });
    const inFlight = Array.from({ length: 5 }, () =>
      bridge.onlinePlayers().then(
        () => 'answered',
        (error: Error) => error.message,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A second server with the same plugin connects: the sidecar takes the newest connection.
    await startHarness();
    const outcomes = await Promise.all(inFlight);
    expect(outcomes).to.have.length(5);
    for (const outcome of outcomes) expect(outcome).to.match(/connected again before the answer came/);
    // The first server would reconnect and take the link back in turn; it has done its part.
    first.kill();
    harnesses.splice(harnesses.indexOf(first), 1);
    await eventually(
      async () =>
        bridge.isConnected() &&
        (await bridge.onlinePlayers().then(
          () => true,
          () => false,
        ))
          ? true
          : undefined,
      10000,
      'the second server serving',
    );
    expect(await bridge.onlinePlayers()).to.deep.equal([]);
  });

  it('holds events while the sidecar is away and sends them when it is back', async function () {
    const harness = await startHarness();
    await connected();
    const port = bridge.port;
    await bridge.stop();
    await harness.request('join', { name: 'Early', address: '10.9.9.9' });
    const returned = new BridgeGameAdapter({ host: '127.0.0.1', port, token, requestTimeoutMs: 1000, sidecarName: 'back', log: () => undefined, logError: () => undefined });
    const joins: Array<GameEvents['join'][0]> = [];
    returned.events.on('join', (event) => joins.push(event));
    await returned.start();
    try {
      await eventually(() => (joins.length > 0 ? true : undefined), 15000, 'the held join');
      expect(joins[0]).to.deep.include({ ipAddress: '10.9.9.9' });
      expect(joins[0]!.player.name).to.equal('Early');
    } finally {
      await returned.stop();
    }
  });
});

describe('the plugin in the JVM harness, with a bare bridge adapter', function () {
  // The adapter waits 1 s for an answer, so the plugin has 750 ms to start each request's work.
  const waitMs = 1000;
  let bridge: BridgeGameAdapter;
  let harness: PaperHarness;
  let directory: string;
  const startAdapter = async (port = 0) => {
    const adapter = new BridgeGameAdapter({ host: '127.0.0.1', port, token, requestTimeoutMs: waitMs, sidecarName: 'bare', log: () => undefined, logError: () => undefined });
    await adapter.start();
    return adapter;
  };
  const connected = () => eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
  /** One-off tasks the plugin has put on the main thread so far. */
  const mainThreadTasks = async () => (await harness.request<{ tasks: number }>('calls')).tasks;
  const caught = (promise: Promise<unknown>) =>
    promise.then(
      (value) => value,
      (error: Error) => error,
    );

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-bare-');
    bridge = await startAdapter();
    harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, token), vault: true });
    await connected();
  });
  afterEach(async function () {
    const offMainThread = await harness.stopAndListOffMainThread();
    await bridge.stop();
    await rm(directory, { recursive: true, force: true });
    expect(offMainThread, 'Bukkit calls made off the main thread').to.deep.equal([]);
  });

  it('never does a request after the sidecar stopped waiting for it: no item given, no message sent once the server is free again', async function () {
    await harness.request('join', { name: 'Frozen' });
    await harness.request('freeze', { ms: 2500 });
    const outcomes = await Promise.all([
      caught(bridge.require('inventories').give('Frozen', 'diamond', 5)),
      caught(bridge.require('messaging').sendMessage('Frozen', 'too late')),
      caught(bridge.require('economy').deposit('Frozen', 500)),
    ]);
    for (const outcome of outcomes) {
      expect(outcome).to.be.instanceOf(GameUnavailableError);
      expect((outcome as Error).message).to.match(/no answer to \S+ within 1000 ms/);
    }
    // The server is free again once it answers; the three requests it was holding came up before this one.
    await eventually(async () => (Array.isArray(await caught(bridge.onlinePlayers())) ? true : undefined), 5000, 'the server free again');
    const state = await harness.player('Frozen');
    expect(state.inventory).to.deep.equal([]);
    expect(state.messages).to.deep.equal([]);
    expect(await bridge.require('economy').balance('Frozen')).to.equal(10000);
    const { calls } = await harness.request<{ calls: string[] }>('calls');
    expect(calls.filter((call) => /^(Inventory\.addItem|Player\.sendMessage|Economy\.depositPlayer)/.test(call))).to.deep.equal([]);
  });

  it('gives once when a give is retried with the same operationId, also when the first answer was lost with the link', async function () {
    await harness.request('join', { name: 'Buyer' });
    const inventories = bridge.require('inventories');
    expect(await inventories.give('Buyer', 'diamond', 5, { operationId: 'order-1' })).to.equal(5);
    expect(await inventories.give('Buyer', 'diamond', 5, { operationId: 'order-1' })).to.equal(5);
    expect(await inventories.give('Buyer', 'diamond', 2)).to.equal(2);

    // The server is busy; the give reaches the plugin, then the sidecar goes away before the answer comes.
    await harness.request('freeze', { ms: 500 });
    const lost = caught(inventories.give('Buyer', 'bread', 3, { operationId: 'order-2' }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const port = bridge.port;
    await bridge.stop();
    expect(await lost).to.be.instanceOf(GameUnavailableError);
    bridge = await startAdapter(port);
    await connected();
    // The plugin did the give (it started in time); the answer went nowhere.
    await eventually(async () => ((await harness.player('Buyer')).inventory?.some((stack) => stack.item === 'bread') ? true : undefined), 5000, 'the bread given');
    expect(await bridge.require('inventories').give('Buyer', 'bread', 3, { operationId: 'order-2' })).to.equal(3);
    expect((await harness.player('Buyer')).inventory).to.deep.equal([
      { item: 'diamond', count: 7, slot: 0 },
      { item: 'bread', count: 3, slot: 1 },
    ]);
  });

  it('does a change it refused without changing anything (player offline, too little money) when it is retried later, and remembers it once done', async function () {
    const inventories = bridge.require('inventories');
    const economy = bridge.require('economy');
    expect(await caught(inventories.give('Later', 'diamond', 4, { operationId: 'delivery-7' }))).to.be.instanceOf(PlayerNotOnlineError);
    await harness.request('join', { name: 'Later' });
    expect(await inventories.give('Later', 'diamond', 4, { operationId: 'delivery-7' }), 'given once the player is there').to.equal(4);
    expect(await inventories.give('Later', 'diamond', 4, { operationId: 'delivery-7' }), 'and then answered from memory').to.equal(4);
    expect((await harness.player('Later')).inventory).to.deep.equal([{ item: 'diamond', count: 4, slot: 0 }]);

    const start = await economy.balance('Later');
    expect(await caught(economy.withdraw('Later', start + 500, { operationId: 'purchase-9' }))).to.be.instanceOf(InsufficientFundsError);
    await economy.deposit('Later', 1000);
    expect(await economy.withdraw('Later', start + 500, { operationId: 'purchase-9' })).to.equal(500);
    expect(await economy.withdraw('Later', start + 500, { operationId: 'purchase-9' })).to.equal(500);
    expect(await economy.balance('Later')).to.equal(500);
  });

  it('teleports with one request and one main-thread task, answering where from and where to', async function () {
    await harness.request('join', { name: 'Walker' });
    await harness.request('join', { name: 'Anchor' });
    const teleports = bridge.require('teleports');
    const spawn = { world: 'world', x: 0.5, y: 64, z: 0.5, yaw: 0, pitch: 0 };
    let before = await mainThreadTasks();
    expect(await teleports.teleportToLocation('Walker', { world: 'world_nether', x: 4, y: 70, z: 4, yaw: 90, pitch: 0 })).to.deep.equal({
      from: spawn,
      to: { world: 'world_nether', x: 4, y: 70, z: 4, yaw: 90, pitch: 0 },
    });
    expect((await mainThreadTasks()) - before).to.equal(1);
    before = await mainThreadTasks();
    expect(await teleports.teleportToPlayer('Anchor', 'walker')).to.deep.equal({ from: spawn, to: { world: 'world_nether', x: 4, y: 70, z: 4, yaw: 90, pitch: 0 } });
    expect((await mainThreadTasks()) - before).to.equal(1);

    before = await mainThreadTasks();
    const target = await caught(teleports.teleportToPlayer('Walker', 'Nobody'));
    expect(target).to.be.instanceOf(PlayerNotOnlineError).and.to.deep.include({ playerName: 'Nobody', role: 'target', message: 'Target player Nobody is not online' });
    const player = await caught(teleports.teleportToPlayer('Nobody', 'Walker'));
    expect(player).to.be.instanceOf(PlayerNotOnlineError).and.to.deep.include({ playerName: 'Nobody', role: 'player' });
    const world = await caught(teleports.teleportToLocation('Walker', { world: 'atlantis', x: 0, y: 64, z: 0 }));
    expect(world)
      .to.be.instanceOf(UnknownWorldError)
      .and.to.deep.include({ world: 'atlantis', knownWorlds: ['world', 'world_nether', 'world_the_end'] });
    expect((await mainThreadTasks()) - before).to.equal(3);
    const { calls } = await harness.request<{ calls: string[] }>('calls');
    expect(calls.filter((call) => call.startsWith('Player.teleport'))).to.have.length(2);
  });
});

/** A bare-socket stand-in for the sidecar, to send the plugin what a real sidecar never would. */
class RawSidecar {
  readonly lines: any[] = [];
  private socket: Socket | undefined;
  private constructor(readonly server: Server) {}

  /** Answers the plugin's hello and records every line the plugin sends. */
  static async start(): Promise<RawSidecar> {
    const server = createServer();
    const raw = new RawSidecar(server);
    server.on('connection', (socket) => {
      raw.socket = socket;
      socket.setNoDelay(true);
      onJsonLines(socket, (message) => {
        raw.lines.push(message);
        if (message.method === 'bridge.hello') raw.send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: 2, sidecar: 'raw' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return raw;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  send(message: unknown): void {
    this.socket!.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }

  next(check: (message: any) => boolean, what: string, timeoutMs = 5000): Promise<any> {
    return eventually(() => this.lines.find(check), timeoutMs, what);
  }

  /** Resolves with the first `count` answers the plugin sent with this id. */
  answersTo(id: string, count: number): Promise<any[]> {
    return eventually(
      () => {
        const answers = this.lines.filter((message) => message.id === id && message.method === undefined);
        return answers.length >= count ? answers.slice(0, count) : undefined;
      },
      15_000,
      `${count} answers to ${id}`,
    );
  }

  async stop(): Promise<void> {
    this.socket?.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('the plugin in the JVM harness, with a raw socket for a sidecar', function () {
  let raw: RawSidecar;
  let harness: PaperHarness;
  let directory: string;

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-raw-');
    raw = await RawSidecar.start();
    harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(raw.port, token) });
  });
  afterEach(async function () {
    await harness.stop();
    await raw.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('says hello with the token, the protocol version and what it offers', async function () {
    const hello = await raw.next((message) => message.method === 'bridge.hello', 'the hello');
    expect(hello.params).to.deep.equal({
      token,
      protocolVersion: 2,
      plugin: 'Gatehouse 0.1.0',
      server: 'GatehouseHarness fake 1.21.4',
      capabilities: ['operators', 'whitelist', 'messaging', 'teleports', 'bossBars', 'inventories', 'control', 'performance', 'moderation', 'saves'],
    });
  });

  it("passes a player's /balance and /pay to the sidecar with the words typed, and shows the answer, or says a command the sidecar lacks is not available", async function () {
    await raw.next((message) => message.method === 'bridge.hello', 'the hello');
    const { uuid } = await harness.request<{ uuid: string }>('join', { name: 'Payer' });
    await harness.request('command', { name: 'Payer', line: '/pay Alex 12.50' });
    const pay = await raw.next((message) => message.method === 'command.run', 'the command.run request');
    expect(pay.params).to.deep.equal({ player: { name: 'Payer', uuid }, command: 'pay', args: ['Alex', '12.50'] });
    expect(typeof pay.id, "the plugin's own requests have number ids").to.equal('number');
    raw.send({ jsonrpc: '2.0', id: pay.id, result: { message: '§aYou paid Alex $12.50.' } });
    await eventually(async () => ((await harness.player('Payer')).messages?.includes('§aYou paid Alex $12.50.') ? true : undefined), 5000, 'the answer shown');

    await harness.request('command', { name: 'Payer', line: '/balance' });
    const balance = await raw.next((message) => message.method === 'command.run' && message.params.command === 'balance', 'the /balance request');
    expect(balance.params.args).to.deep.equal([]);
    raw.send({ jsonrpc: '2.0', id: balance.id, error: { code: -32601, message: 'no command balance' } });
    await eventually(
      async () => ((await harness.player('Payer')).messages?.includes('This command is not available on this server.') ? true : undefined),
      5000,
      'the refusal shown',
    );
  });

  it('answers malformed lines, unknown methods and bad params with the documented errors, and stays connected', async function () {
    await raw.next((message) => message.method === 'bridge.hello', 'the hello');
    raw.send('{this is not json');
    expect((await raw.next((message) => message.error?.code === -32700, 'a parse error')).id).to.equal(null);
    raw.send('[1,2]');
    await raw.next((message) => message.error?.code === -32600, 'an invalid request error');
    raw.send({ jsonrpc: '2.0', id: 'r-7', method: 'no.such.method', params: {}, timeoutMs: 1000 });
    expect((await raw.next((message) => message.id === 'r-7', 'the answer to r-7')).error).to.deep.equal({ code: -32601, message: 'unknown method no.such.method' });
    raw.send({ jsonrpc: '2.0', id: 'r-8', method: 'messaging.broadcast', params: { text: 42 }, timeoutMs: 1000 });
    expect((await raw.next((message) => message.id === 'r-8', 'the answer to r-8')).error).to.deep.equal({ code: -32602, message: 'params.text must be a non-empty string' });
    raw.send({ jsonrpc: '2.0', id: 'r-9', method: 'teleports.toLocation', params: { name: 'Nobody', location: { world: 'world', x: 0, y: 0, z: 0 } }, timeoutMs: 1000 });
    expect((await raw.next((message) => message.id === 'r-9', 'the answer to r-9')).error).to.deep.equal({
      code: -32010,
      message: 'player Nobody is not online',
      data: { name: 'Nobody', role: 'player' },
    });
    raw.send({ jsonrpc: '2.0', id: 10, method: 'players.online', params: {}, timeoutMs: 1000 });
    expect((await raw.next((message) => message.id === 10, 'the answer to 10')).result).to.deep.equal([]);
    // Version 2: a request must say how long the plugin has to start it.
    raw.send({ jsonrpc: '2.0', id: 'r-11', method: 'players.online', params: {} });
    expect((await raw.next((message) => message.id === 'r-11', 'the answer to r-11')).error).to.deep.equal({
      code: -32600,
      message: 'a request needs "timeoutMs", a whole number of milliseconds from 1 to 86400000',
    });
    raw.send({ jsonrpc: '2.0', id: 'r-12', method: 'players.online', params: {}, timeoutMs: -5 });
    expect((await raw.next((message) => message.id === 'r-12', 'the answer to r-12')).error.code).to.equal(-32600);
    raw.send({ jsonrpc: '2.0', id: { not: 'an id' }, method: 'players.online', params: {}, timeoutMs: 1000 });
    expect((await raw.next((message) => message.error?.message === 'a request id must be a string or a number', 'the bad id refused')).id).to.equal(null);
  });

  it('answers a repeated request id from memory instead of doing the work twice, and refuses an id reused for another request', async function () {
    await raw.next((message) => message.method === 'bridge.hello', 'the hello');
    await harness.request('join', { name: 'Listener' });
    const broadcast = { jsonrpc: '2.0', id: 'op:messaging.broadcast:once', method: 'messaging.broadcast', params: { text: 'only once' }, timeoutMs: 1000 };
    const answersTo = (id: string, count: number) => raw.answersTo(id, count);
    // A repeat while the first is in flight, and one after it was answered.
    raw.send(broadcast);
    raw.send(broadcast);
    await answersTo(broadcast.id, 2);
    raw.send(broadcast);
    expect(await answersTo(broadcast.id, 3)).to.deep.equal(Array(3).fill({ jsonrpc: '2.0', id: broadcast.id, result: null }));
    expect((await harness.player('Listener')).messages!.filter((text) => text === 'only once')).to.have.length(1);

    raw.send({ ...broadcast, params: { text: 'something else' } });
    const [, , , reused] = await answersTo(broadcast.id, 4);
    expect(reused.error).to.deep.equal({
      code: -32600,
      message: 'request id "op:messaging.broadcast:once" was already used for another request; an id may only be repeated to retry the same request',
    });
    expect((await harness.player('Listener')).messages!.filter((text) => text === 'something else')).to.deep.equal([]);
  });

  it('keeps at most 10,000 answers, forgetting the oldest, and takes ids of at most 256 characters', async function () {
    await raw.next((message) => message.method === 'bridge.hello', 'the hello');
    const setEnabled = (id: string, enabled: boolean) => ({ jsonrpc: '2.0', id, method: 'whitelist.setEnabled', params: { enabled }, timeoutMs: 5000 });
    const whitelistCalls = async () => (await harness.request<{ calls: string[] }>('calls')).calls.filter((call) => call.startsWith('Server.setWhitelist')).length;
    const ids = Array.from({ length: 10001 }, (_, index) => `op:bound:${index}`);
    raw.send(ids.map((id, index) => JSON.stringify(setEnabled(id, index % 2 === 0))).join('\n'));
    await eventually(() => (raw.lines.filter((message) => message.id?.startsWith?.('op:bound:')).length === 10001 ? true : undefined), 30000, '10,001 answers');
    const done = await whitelistCalls();
    expect(done).to.equal(10001);
    // The newest answer is remembered; the oldest was forgotten when the 10,001st came, so its repeat is done again.
    raw.send(setEnabled(ids[10000]!, true));
    await raw.answersTo(ids[10000]!, 2);
    expect(await whitelistCalls()).to.equal(done);
    raw.send(setEnabled(ids[0]!, true));
    await raw.answersTo(ids[0]!, 2);
    expect(await whitelistCalls()).to.equal(done + 1);

    const long = `op:${'x'.repeat(260)}`;
    raw.send(setEnabled(long, false));
    const [refused] = await raw.answersTo(long, 1);
    expect(refused.error).to.deep.equal({ code: -32600, message: 'a request id may be at most 256 characters long' });
    expect(await whitelistCalls()).to.equal(done + 1);
  });

  it('drops a request whose work could not start within its timeoutMs, answers -32004, and does it on a retry', async function () {
    await raw.next((message) => message.method === 'bridge.hello', 'the hello');
    await harness.request('join', { name: 'Late' });
    await harness.request('freeze', { ms: 600 });
    const send = { jsonrpc: '2.0', id: 'op:messaging.send:late', method: 'messaging.send', params: { name: 'Late', text: 'hello' } };
    raw.send({ ...send, timeoutMs: 100 });
    const [dropped] = await raw.answersTo(send.id, 1);
    expect(dropped.error).to.deep.equal({ code: -32004, message: 'the server was too busy to start messaging.send within 100 ms; it was not done' });
    expect((await harness.player('Late')).messages).to.deep.equal([]);
    // Never started, so not remembered: the retry does it.
    raw.send({ ...send, timeoutMs: 1000 });
    const [, retried] = await raw.answersTo(send.id, 2);
    expect(retried).to.deep.equal({ jsonrpc: '2.0', id: send.id, result: null });
    expect((await harness.player('Late')).messages).to.deep.equal(['hello']);
  });

  it('tells a player who typed /register that something went wrong when the sidecar does not answer within 5 s', async function () {
    this.timeout(15000);
    await raw.next((message) => message.method === 'bridge.hello', 'the hello');
    await harness.request('join', { name: 'Waiting' });
    await harness.request('command', { name: 'Waiting', line: '/register' });
    const asked = await raw.next((message) => message.method === 'register.command', 'the register request');
    expect(asked.params.player.name).to.equal('Waiting');
    const apology = await eventually(async () => (await harness.player('Waiting')).messages?.find((text) => /went wrong/.test(text)), 8000, 'the apology');
    expect(apology).to.match(/try again/);
  });
});
