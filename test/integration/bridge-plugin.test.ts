/**
 * The real plugin jar, in the JVM harness (a fake Paper server), against the
 * sidecar: what players and admins do end to end through it, and the
 * protocol's failure cases seen from both ends.
 */
import { rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { expect } from 'chai';
import { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { GameUnavailableError, InsufficientFundsError, type GameEvents } from '../../src/game/port.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';
import { onJsonLines } from '../helpers/json-lines.js';

const token = 'plugin-test-token';

describe('the plugin in the JVM harness, with the sidecar', function () {
  let server: TestGatehouse;
  let bridge: BridgeGameAdapter;
  let directory: string;
  const harnesses: PaperHarness[] = [];
  const startHarness = async (options: { token?: string; vault?: boolean; serverProperties?: Record<string, string> } = {}) => {
    const harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, options.token ?? token), vault: options.vault, serverProperties: options.serverProperties });
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
    for (const harness of harnesses.splice(0)) {
      const { offMainThread } = await harness.request<{ offMainThread: string[] }>('calls').catch(() => ({ offMainThread: [] }));
      await harness.stop();
      expect(offMainThread, 'Bukkit calls made off the main thread').to.deep.equal([]);
    }
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('lets a player get a code with /register and create a web account; server operators are admins', async function () {
    const harness = await startHarness();
    await connected();
    await harness.request('join', { name: 'Steve', address: '10.1.2.3' });
    const code = await harness.registrationCode('Steve', 5000);
    const registered = await api(server.baseUrl, 'POST', '/api/auth/register', { body: { code, username: 'steve_web', email: 'steve@example.com', password: 'password1' } });
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'steve_web', password: 'password1' } });
    const me = () => api(server.baseUrl, 'GET', '/api/auth/me', { token: login.body.token });
    expect((await me()).body).to.deep.include({ username: 'steve_web', gameUsername: 'Steve', isAdmin: false });
    // Opped on the server's console: the plugin's copy of the operators catches up within a tick.
    await harness.request('op', { name: 'Steve' });
    await eventually(async () => ((await me()).body.isAdmin === true ? true : undefined), 2000, 'isAdmin true');
  });

  it('logs joins, quits and refusals with addresses and reasons', async function () {
    const harness = await startHarness();
    await connected();
    await bridge.operators.setOperator('Chief', true);
    await bridge.require('whitelist').setEnabled(true);
    await harness.request('join', { name: 'Chief', address: '10.0.0.9' });
    expect((await harness.request<{ refused?: string }>('join', { name: 'Stranger', address: '10.0.0.66' })).refused).to.match(/not white-listed/);
    await harness.request('quit', { name: 'Chief' });
    const log = await eventually(async () => {
      const { body } = await admin('GET', '/api/admin/connections?limit=10');
      return body.connections.length >= 3 ? body.connections : undefined;
    }, 5000, 'three connection log entries');
    expect(log.map((entry: { username: string; action: string; ipAddress: string; success: boolean }) => [entry.username, entry.action, entry.ipAddress, entry.success])).to.deep.equal([
      ['Chief', 'LOGOUT', '10.0.0.9', true],
      ['Stranger', 'LOGIN', '10.0.0.66', false],
      ['Chief', 'LOGIN', '10.0.0.9', true],
    ]);
    expect(log[1].reason).to.match(/not white-listed/);
  });

  it("keeps the server's own settings when the plugin connects, applying only what admins changed", async function () {
    // Changed through the API while no server was connected.
    expect((await admin('POST', '/api/admin/settings', { maxPlayers: 42 })).status).to.equal(200);
    const harness = await startHarness({ serverProperties: { motd: 'Owner MOTD', 'max-players': '50', difficulty: 'hard', gamemode: 'adventure', pvp: 'false', 'white-list': 'true' } });
    await connected();
    const settings = await eventually(async () => {
      const { body } = await admin('GET', '/api/admin/settings');
      return body.settings.serverName === 'Owner MOTD' ? body.settings : undefined;
    }, 5000, "the server's settings in the API");
    expect(settings).to.deep.include({ serverName: 'Owner MOTD', maxPlayers: 42, difficulty: 'hard', gameMode: 'adventure', pvpEnabled: false });
    expect(settings.whitelist.enabled).to.equal(true);
    const state = await eventually(async () => {
      const current = await harness.request('state');
      return current.maxPlayers === 42 ? current : undefined;
    }, 5000, 'the admin change applied to the server');
    expect(state).to.deep.include({ motd: 'Owner MOTD', whitelist: true, defaultGameMode: 'adventure' });
    expect(state.worlds.world).to.deep.equal({ difficulty: 'hard', pvp: false });
  });

  it('restarts the server from the API: a countdown on a boss bar, warnings, the kick with the reason, and the plugin back', async function () {
    const harness = await startHarness();
    await connected();
    await harness.request('join', { name: 'Waiter' });
    expect((await admin('POST', '/api/admin/restart', { delay: 3, reason: 'Plugin update' })).status).to.equal(200);
    await eventually(async () => ((await harness.player('Waiter')).bossBars?.some((title) => /^Server restart in \ds - Plugin update$/.test(title)) ? true : undefined), 5000, 'the countdown bar');
    const kicked = await eventually(async () => (await harness.player('Waiter')).kickedWith ?? undefined, 8000, 'the kick');
    expect(kicked).to.equal('Plugin update');
    const seen = (await harness.player('Waiter')).messages!;
    expect(seen.some((text) => /Server restarts in [12] seconds?: Plugin update/.test(text)), seen.join(' | ')).to.equal(true);
    await eventually(async () => ((await harness.request('state')).restarts === 1 && bridge.isConnected() ? true : undefined), 10000, 'the restarted server connected again');
    expect((await admin('GET', '/api/admin/restart')).body.restart).to.equal(null);
    await harness.request('join', { name: 'Waiter' });
    expect((await harness.player('Waiter')).bossBars).to.deep.equal([]);
  });

  it('reads and changes inventories, and uses the Vault economy when Vault is there', async function () {
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
    expect(await bridge.require('inventories').give('Trader', 'no_such_item', 1).catch((error: Error) => error.message)).to.match(/unknown item no_such_item \(-32602\)/);

    // The port counts in cents; Vault in the currency's units.
    expect(await bridge.require('economy').balance('Trader')).to.equal(10000);
    expect(await bridge.require('economy').deposit('Trader', 2550)).to.equal(12550);
    expect(await bridge.require('economy').withdraw('trader', 10000)).to.equal(2550);
    expect(await bridge.require('economy').withdraw('Trader', 100000).catch((error: Error) => error)).to.be.instanceOf(InsufficientFundsError);
    expect(await bridge.require('economy').balance('Trader')).to.equal(2550);
  });

  it('offers no economy without Vault', async function () {
    await startHarness();
    await connected();
    expect(bridge.capability('economy')).to.equal(undefined);
    expect(bridge.capability('inventories')).to.not.equal(undefined);
  });

  it('reports blocks broken and mobs killed by players, but not a cancelled break', async function () {
    const seen: Array<GameEvents['blockBroken'][0] | GameEvents['entityKilled'][0]> = [];
    bridge.events.on('blockBroken', (event) => seen.push(event));
    bridge.events.on('entityKilled', (event) => seen.push(event));
    const harness = await startHarness();
    await connected();
    await harness.request('join', { name: 'Miner' });
    await harness.request('breakBlock', { name: 'Miner', block: 'stone', cancelled: true });
    await harness.request('breakBlock', { name: 'Miner', block: 'oak_log' });
    await harness.request('kill', { name: 'Miner', entity: 'zombie' });
    await eventually(() => (seen.length >= 2 ? true : undefined), 5000, 'two events');
    const uuid = (await bridge.onlinePlayers())[0]!.uuid;
    expect(seen).to.deep.equal([
      { player: { name: 'Miner', uuid }, block: 'oak_log', location: { world: 'world', x: 10, y: 64, z: -3, yaw: 0, pitch: 0 } },
      { player: { name: 'Miner', uuid }, entity: 'zombie', location: { world: 'world', x: 1, y: 65, z: 2, yaw: 0, pitch: 0 } },
    ]);
  });

  it('is refused with a wrong token: both sides log it, and nothing is offered', async function () {
    const harness = await startHarness({ token: 'not-the-token' });
    await eventually(() => (harness.log.some((line) => /sidecar refused this plugin: wrong token \(check "token" in config.yml\)/.test(line)) ? true : undefined), 5000, 'the plugin to log the refusal');
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
    await eventually(async () => ((await admin('POST', '/api/admin/messages/send', { username: 'Patient', message: 'on time' })).status === 200 ? true : undefined), 5000, 'a prompt answer');
    expect(bridge.isConnected()).to.equal(true);
  });

  it('fails requests in flight with a clear error when the server dies, and resumes when it is back', async function () {
    const first = await startHarness();
    await connected();
    await first.request('freeze', { ms: 5000 });
    const inFlight = Array.from({ length: 5 }, () => bridge.onlinePlayers().then(() => 'answered', (error: Error) => error));
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
    const inFlight = Array.from({ length: 5 }, () => bridge.onlinePlayers().then(() => 'answered', (error: Error) => error.message));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A second server with the same plugin connects: the sidecar takes the newest connection.
    await startHarness();
    const outcomes = await Promise.all(inFlight);
    expect(outcomes).to.have.length(5);
    for (const outcome of outcomes) expect(outcome).to.match(/connected again before the answer came/);
    // The first server would reconnect and take the link back in turn; it has done its part.
    first.kill();
    harnesses.splice(harnesses.indexOf(first), 1);
    await eventually(async () => (bridge.isConnected() && (await bridge.onlinePlayers().then(() => true, () => false)) ? true : undefined), 10000, 'the second server serving');
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
        if (message.method === 'bridge.hello') raw.send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: 1, sidecar: 'raw' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return raw;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  send(message: unknown): void {
    this.socket!.write((typeof message === 'string' ? message : JSON.stringify(message)) + '\n');
  }

  next(check: (message: any) => boolean, what: string, timeoutMs = 5000): Promise<any> {
    return eventually(() => this.lines.find(check), timeoutMs, what);
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
      protocolVersion: 1,
      plugin: 'Gatehouse 0.1.0',
      server: 'GatehouseHarness fake 1.21.4',
      capabilities: ['operators', 'whitelist', 'messaging', 'teleports', 'bossBars', 'inventories', 'control'],
    });
  });

  it('answers malformed lines, unknown methods and bad params with the documented errors, and stays connected', async function () {
    await raw.next((message) => message.method === 'bridge.hello', 'the hello');
    raw.send('{this is not json');
    expect((await raw.next((message) => message.error?.code === -32700, 'a parse error')).id).to.equal(null);
    raw.send('[1,2]');
    await raw.next((message) => message.error?.code === -32600, 'an invalid request error');
    raw.send({ jsonrpc: '2.0', id: 7, method: 'no.such.method', params: {} });
    expect((await raw.next((message) => message.id === 7, 'the answer to 7')).error).to.deep.equal({ code: -32601, message: 'unknown method no.such.method' });
    raw.send({ jsonrpc: '2.0', id: 8, method: 'messaging.broadcast', params: { text: 42 } });
    expect((await raw.next((message) => message.id === 8, 'the answer to 8')).error).to.deep.equal({ code: -32602, message: 'params.text must be a non-empty string' });
    raw.send({ jsonrpc: '2.0', id: 9, method: 'teleports.toLocation', params: { name: 'Nobody', location: { world: 'world', x: 0, y: 0, z: 0 } } });
    expect((await raw.next((message) => message.id === 9, 'the answer to 9')).error.code).to.equal(-32010);
    raw.send({ jsonrpc: '2.0', id: 10, method: 'players.online', params: {} });
    expect((await raw.next((message) => message.id === 10, 'the answer to 10')).result).to.deep.equal([]);
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
