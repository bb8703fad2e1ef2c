import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { connectionLogPart } from '../../src/features/connections/store.js';
import type { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { decodeLine, startBudgetMs, type Message } from '../../src/game/bridge/json-rpc.js';
import {
  CapabilityMissingError,
  GameError,
  GameUnavailableError,
  InsufficientFundsError,
  PlayerNotOnlineError,
  UnknownItemError,
  UnknownWorldError,
  type GameEvents,
} from '../../src/game/port.js';
import { harnessClasses, pluginJar, stubClasses } from '../../scripts/plugin-paths.js';
import { eventually } from '../helpers/bots.js';
import { FakePlugin, PluginError } from '../helpers/fake-plugin.js';
import { api, startBridgeGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const token = 'bridge-test-token-for-tests-0123456789abcdef';
/** Requests the plugin sends; every other request comes from the sidecar and carries a start budget. */
const pluginRequests = new Set(['bridge.hello', 'register.command', 'resetpassword.command', 'command.run']);

describe('bridge protocol: golden samples', function () {
  let lines: string[];
  before(async function () {
    lines = (await readFile('docs/bridge-samples.jsonl', 'utf8')).trim().split('\n');
  });

  it('decodes every sample line of docs/bridge-samples.jsonl as the message kind it shows', async function () {
    expect(lines.length).to.be.at.least(50);
    const kinds = new Set<string>();
    for (const line of lines) {
      const message = decodeLine(line);
      kinds.add(message.kind);
      if (message.kind === 'request' || message.kind === 'notification') expect(message.method).to.match(/^[a-z][A-Za-z]*\.[A-Za-z]+$/);
      if (message.kind === 'request' && !pluginRequests.has(message.method)) {
        // Version 2: the sidecar's requests have string ids and a start budget.
        expect(message.id, line).to.be.a('string');
        expect(Number.isSafeInteger(message.timeoutMs) && (message.timeoutMs as number) > 0, line).to.equal(true);
      }
    }
    expect([...kinds].sort()).to.deep.equal(['error', 'notification', 'request', 'result']);
    // Every method the protocol document lists has a sample.
    const documented = new Set([...(await readFile('docs/bridge-protocol.md', 'utf8')).matchAll(/`((?:[a-z]+)\.[A-Za-z]+)`/g)].map((match) => match[1]!));
    const sampled = new Set(lines.map((line) => decodeLine(line)).flatMap((message) => ('method' in message ? [message.method] : [])));
    for (const method of documented) if (!/\.(md|yml|json|port|host)$/.test(method) && !/^(game|gatehouse)\./.test(method)) expect(sampled, method).to.include(method);
    // And every error code of the table has one.
    const codes = new Set(lines.map((line) => decodeLine(line)).flatMap((message) => (message.kind === 'error' ? [message.error.code] : [])));
    for (const code of [-32001, -32004, -32010, -32011, -32012, -32013]) expect(codes, String(code)).to.include(code);
  });

  it("decodes every sample line the same way with the plugin's own reader, in the JVM", function () {
    const output = execFileSync('java', ['-cp', [harnessClasses, stubClasses].join(path.delimiter), 'dev.gatehouse.harness.DecodeLines', '--plugin', pluginJar], {
      input: `${lines.join('\n')}\n`,
      encoding: 'utf8',
    });
    const decoded = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(decoded).to.have.length(lines.length);
    lines.forEach((line, index) => {
      const inNode: Message = decodeLine(line);
      const inJava = decoded[index];
      expect(inJava.refused, line).to.equal(undefined);
      expect(inJava.kind, line).to.equal(inNode.kind);
      expect(inJava.id ?? null, line).to.equal('id' in inNode ? inNode.id : null);
      if (inNode.kind === 'request' || inNode.kind === 'notification') {
        expect(inJava.method, line).to.equal(inNode.method);
        expect(inJava.params, line).to.deep.equal(inNode.params);
      }
      if (inNode.kind === 'request')
        expect(inJava.deadline, line).to.equal(pluginRequests.has(inNode.method) ? 'a request needs "timeoutMs", a whole number of milliseconds from 1 to 86400000' : 'accepted');
      if (inNode.kind === 'result') expect(inJava.result, line).to.deep.equal(inNode.result);
      if (inNode.kind === 'error') expect(inJava.error, line).to.deep.equal(inNode.error);
    });
  });
});

describe('bridge protocol: the sidecar with a stand-in plugin', function () {
  let server: TestGatehouse;
  let bridge: BridgeGameAdapter;
  const plugins: FakePlugin[] = [];
  const connectPlugin = async () => {
    const plugin = await FakePlugin.connect(bridge.port);
    plugins.push(plugin);
    return plugin;
  };
  const admin = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token, body });

  beforeEach(async function () {
    server = await startBridgeGatehouse(token, 400);
    bridge = server.gatehouse.game as BridgeGameAdapter;
  });
  afterEach(async function () {
    for (const plugin of plugins.splice(0)) plugin.close();
    await server.stop();
  });

  it('answers 503 for what needs the game while no plugin is connected, and keeps the rest working', async function () {
    expect(bridge.isConnected()).to.equal(false);
    const health = await api(server.baseUrl, 'GET', '/api/health');
    expect(health.body).to.deep.include({ status: 'degraded', game: { connected: false, adapter: 'bridge' } });
    const teleport = await admin('POST', '/api/teleport', { player: 'A', target: 'B' });
    expect(teleport.status).to.equal(503);
    expect(teleport.body.error).to.match(/not connected/);
    expect((await api(server.baseUrl, 'GET', '/api/economy/symbol')).status).to.equal(200);
  });

  it('refuses a plugin with a wrong token, logs it, and closes the connection', async function () {
    const plugin = await connectPlugin();
    const answer = await plugin.hello('not-the-token');
    expect(answer.error).to.deep.equal({ code: -32001, message: 'wrong token' });
    expect(await plugin.closedBySidecar()).to.equal(true);
    expect(bridge.isConnected()).to.equal(false);
    expect(server.errors.join('\n')).to.match(/refused a plugin connection from 127\.0\.0\.1: wrong token/);
  });

  it('refuses a first request other than hello, and an unsupported protocol version', async function () {
    const first = await connectPlugin();
    expect((await first.request('players.online', {})).error.code).to.equal(-32600);
    expect(await first.closedBySidecar()).to.equal(true);
    const old = await connectPlugin();
    const refused = await old.hello(token, ['operators'], 1);
    expect(refused.error).to.deep.equal({ code: -32002, message: 'unsupported protocol version 1; this sidecar speaks 2' });
  });

  it('connects with the token, offers exactly the advertised capabilities, and carries requests and events', async function () {
    const plugin = await connectPlugin();
    const answer = await plugin.hello(token, ['operators', 'messaging']);
    expect(answer.result).to.deep.equal({ protocolVersion: 2, sidecar: 'Gatehouse 0.1.0' });
    expect(bridge.isConnected()).to.equal(true);
    expect(bridge.capability('messaging')).to.not.equal(undefined);
    expect(bridge.capability('teleports')).to.equal(undefined);

    plugin.handlers.set('players.online', () => [
      { name: 'Steve', uuid: 'u-1', ipAddress: '10.0.0.7', location: { world: 'world', x: 0, y: 64, z: 0 }, gameMode: 'survival', ping: 12 },
    ]);
    plugin.handlers.set('messaging.send', (params) => {
      if (params.name !== 'Steve') throw Object.assign(new Error(`player ${params.name} is not online`), { code: -32010 });
      return null;
    });
    const sent = await admin('POST', '/api/admin/messages/send', { username: 'Steve', message: 'over the bridge' });
    expect(sent.status).to.equal(200);
    const request = await plugin.next((message) => message.method === 'messaging.send');
    expect(request.params).to.deep.equal({ name: 'Steve', text: '§d[service]§r over the bridge' });
    const offline = await admin('POST', '/api/admin/messages/send', { username: 'Ghost', message: 'x' });
    expect(offline.status).to.equal(404);

    // No teleports capability: the API says the adapter cannot.
    const teleport = await admin('POST', '/api/teleport', { player: 'Steve', target: 'Alex' });
    expect(teleport.status).to.equal(501);
    expect(teleport.body.error).to.match(/cannot teleport/);

    plugin.notify('event.join', { player: { name: 'Steve', uuid: 'u-1' }, ipAddress: '10.0.0.7' });
    await eventually(
      async () => {
        const [entry] = await server.gatehouse.store.part(connectionLogPart).recent({ limit: 1 });
        return entry?.username === 'Steve' ? entry : undefined;
      },
      15_000,
      'the join in the connection log',
    );
  });

  it('asks the plugin who is online once for many callers at once, and afresh after a join, a quit or a teleport of its own', async function () {
    const plugin = await connectPlugin();
    await plugin.hello(token, ['operators', 'teleports']);
    const steve = { name: 'Steve', uuid: 'u-1', ipAddress: '10.0.0.7', location: { world: 'world', x: 0, y: 64, z: 0 }, gameMode: 'survival', ping: 12 };
    const alex = { ...steve, name: 'Alex', uuid: 'u-2' };
    let online = [steve];
    let asked = 0;
    plugin.handlers.set('players.online', () => {
      asked += 1;
      return online;
    });
    plugin.handlers.set('operators.isOperator', () => false);
    plugin.handlers.set('teleports.toLocation', (params) => {
      online = online.map((player) => (player.name === params.name ? { ...player, location: params.location } : player));
      return { from: steve.location, to: params.location };
    });
    const namesOnline = async () => ((await admin('GET', '/api/players')).body.players as Array<{ name: string }>).map((player) => player.name);

    // Twenty dashboards at once, after a first read: at most one more question to the game (none while that read is fresh).
    expect(await namesOnline()).to.deep.equal(['Steve']);
    const askedBefore = asked;
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin('GET', '/api/players')));
    for (const answer of answers) expect(answer.body.players.map((player: { name: string }) => player.name)).to.deep.equal(['Steve']);
    expect(asked - askedBefore).to.be.at.most(1);

    // Each right after a read (the answer kept is fresh): the event makes the next read ask the game again.
    for (const [event, change] of [
      ['join', () => (online = [steve, alex])],
      ['quit', () => (online = [alex])],
    ] as const) {
      await namesOnline();
      change();
      const heard = new Promise((resolve) => bridge.events.once(event, resolve));
      plugin.notify(`event.${event}`, { player: { name: event === 'join' ? 'Alex' : 'Steve', uuid: event === 'join' ? 'u-2' : 'u-1' }, ipAddress: '10.0.0.7' });
      await heard;
      expect(await namesOnline(), `after the ${event}`).to.deep.equal(online.map((player) => player.name));
    }

    await namesOnline();
    const moved = await admin('POST', '/api/admin/teleport-coordinates', { player: 'Alex', world: 'world', x: 100, y: 70, z: -5 });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
    const players = (await admin('GET', '/api/players')).body.players as Array<{ name: string; location: { x: number } }>;
    expect(players.find((player) => player.name === 'Alex')!.location.x, 'where the teleport put Alex').to.equal(100);
  });

  it('answers /register from the game with a code the API accepts', async function () {
    const plugin = await connectPlugin();
    await plugin.hello(token);
    const answer = await plugin.request('register.command', { player: { name: 'Bridged', uuid: '11111111-2222-3333-4444-555555555555' } });
    const code = /code: §f§l([A-Z0-9]{8})/.exec(answer.result.message)![1];
    // The same text in parts, the portal's address one that opens it with the code filled in.
    const parts = answer.result.parts as Array<{ text: string; url?: string }>;
    expect(parts.map((part) => part.text).join('')).to.equal(answer.result.message);
    expect(parts.filter((part) => part.url !== undefined)).to.deep.equal([{ text: `${server.baseUrl}/register`, url: `${server.baseUrl}/register?code=${code}` }]);
    const check = await api(server.baseUrl, 'POST', '/api/auth/verify-code', { body: { code } });
    expect(check.body).to.deep.equal({ success: true, valid: true, gameUsername: 'Bridged' });
  });

  it('answers malformed lines and unknown methods with errors and carries on', async function () {
    const plugin = await connectPlugin();
    await plugin.hello(token);
    plugin.sendLine('{this is not json');
    const parseError = await plugin.next((message) => message.error?.code === -32700);
    expect(parseError.id).to.equal(null);
    plugin.sendLine('{"jsonrpc":"1.0","id":5,"method":"x"}');
    await plugin.next((message) => message.error?.code === -32600);
    expect((await plugin.request('no.such.method', {})).error.code).to.equal(-32601);
    plugin.notify('event.unheardOf', {});
    await eventually(() => (server.errors.some((line) => /unknown notification event\.unheardOf/.test(line)) ? true : undefined), 15_000, 'the notification logged');
    expect(bridge.isConnected()).to.equal(true);
    // Still answering requests.
    plugin.handlers.set('operators.isOperator', () => true);
    expect(await bridge.operators.isOperator('Steve')).to.equal(true);
  });

  it('fails a request the plugin does not answer in time with a clear 503', async function () {
    const plugin = await connectPlugin();
    await plugin.hello(token);
    plugin.handlers.set('players.online', () => 'never');
    plugin.handlers.set('messaging.send', () => 'never');
    const started = Date.now();
    const response = await admin('POST', '/api/admin/messages/send', { username: 'Slow', message: 'x' });
    expect(response.status).to.equal(503);
    expect(response.body.error).to.match(/no answer to messaging\.send within 400 ms/);
    expect(Date.now() - started).to.be.below(3000);
  });

  it('fails requests in flight when the plugin disconnects, then resumes when it reconnects', async function () {
    const first = await connectPlugin();
    await first.hello(token);
    first.handlers.set('messaging.send', () => {
      setTimeout(() => first.close(), 50);
      return 'never';
    });
    const response = await admin('POST', '/api/admin/messages/send', { username: 'Steve', message: 'x' });
    expect(response.status).to.equal(503);
    expect(response.body.error).to.match(/closed before the answer came/);
    await eventually(() => (bridge.isConnected() ? undefined : true), 15_000, 'the bridge to notice');

    const second = await connectPlugin();
    await second.hello(token);
    second.handlers.set('messaging.send', () => null);
    expect((await admin('POST', '/api/admin/messages/send', { username: 'Steve', message: 'back' })).status).to.equal(200);
  });

  it('gives every request a string id unique across connections and a start budget shorter than the wait', async function () {
    expect([startBudgetMs(400), startBudgetMs(1000), startBudgetMs(5000), startBudgetMs(60000)]).to.deep.equal([300, 750, 4000, 59000]);
    const ids: unknown[] = [];
    for (const round of [1, 2]) {
      const plugin = await connectPlugin();
      await plugin.hello(token);
      plugin.handlers.set('players.online', () => []);
      plugin.handlers.set('operators.isOperator', () => false);
      await Promise.all([
        bridge.onlinePlayers(),
        bridge.operators.isOperator('Steve'),
        bridge
          .require('whitelist')
          .list()
          .catch(() => undefined),
      ]);
      const requests = plugin.received.filter((message) => message.method !== undefined && message.id !== undefined);
      expect(requests.length, `round ${round}`).to.be.at.least(3);
      for (const request of requests) {
        expect(request.id).to.match(/^[A-Za-z0-9_-]{12}-\d+$/);
        // The sidecar waits 400 ms here: the plugin must start the work within 300 ms or drop it.
        expect(request.timeoutMs).to.equal(300);
        ids.push(request.id);
      }
      plugin.close();
      await eventually(() => (bridge.isConnected() ? undefined : true), 15_000, 'the bridge to notice');
    }
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('sends a change under an id made from its operationId, and the same id when it is retried', async function () {
    const plugin = await connectPlugin();
    await plugin.hello(token, ['operators', 'inventories', 'economy']);
    let gives = 0;
    plugin.handlers.set('inventories.give', () => (++gives === 1 ? 'never' : 5));
    plugin.handlers.set('economy.deposit', () => 1250);
    const inventories = bridge.require('inventories');
    const lost = await inventories.give('Steve', 'bread', 5, { operationId: 'order-7' }).catch((error: Error) => error);
    expect(lost).to.be.instanceOf(GameUnavailableError);
    expect((lost as Error).message).to.match(/no answer to inventories\.give within 400 ms/);
    expect(await inventories.give('Steve', 'bread', 5, { operationId: 'order-7' })).to.equal(5);
    expect(await bridge.require('economy').deposit('Steve', 1250, { operationId: 'order-7' })).to.equal(1250);
    await inventories.give('Steve', 'bread', 1);
    // The plugin remembers answers by id, so an id has a bound: a longer one is refused before anything is sent.
    const long = await inventories.give('Steve', 'bread', 1, { operationId: 'x'.repeat(250) }).catch((error: Error) => error);
    expect(long)
      .to.be.instanceOf(Error)
      .with.property('message')
      .that.matches(/is longer than 256 characters/);
    const sent = plugin.received.filter((message) => message.method === 'inventories.give' || message.method === 'economy.deposit').map((message) => [message.method, message.id]);
    expect(sent.slice(0, 3)).to.deep.equal([
      ['inventories.give', 'op:inventories.give:order-7'],
      ['inventories.give', 'op:inventories.give:order-7'],
      ['economy.deposit', 'op:economy.deposit:order-7'],
    ]);
    expect(sent).to.have.length(4);
    expect(sent[3]![1]).to.not.match(/:/);
  });

  it('sends an operation retried while its first request is unanswered only once, and answers both', async function () {
    const plugin = await connectPlugin();
    await plugin.hello(token, ['operators', 'inventories']);
    plugin.handlers.set('inventories.remove', () => new Promise((resolve) => setTimeout(() => resolve(3), 100)));
    const inventories = bridge.require('inventories');
    const answers = await Promise.all([inventories.remove('Steve', 'dirt', 3, { operationId: 'x1' }), inventories.remove('Steve', 'dirt', 3, { operationId: 'x1' })]);
    expect(answers).to.deep.equal([3, 3]);
    expect(plugin.received.filter((message) => message.method === 'inventories.remove')).to.have.length(1);
  });

  it("turns the plugin's error codes into the game port's typed errors, from the error data, in one table", async function () {
    const plugin = await connectPlugin();
    await plugin.hello(token, ['operators', 'messaging', 'teleports', 'inventories', 'economy']);
    const fail = (code: number, message: string, data?: unknown) => () => {
      throw new PluginError(code, message, data);
    };
    plugin.handlers.set('messaging.send', fail(-32010, 'player Ghost is not online', { name: 'Ghost', role: 'player' }));
    plugin.handlers.set('teleports.toPlayer', fail(-32010, 'target player Alex is not online', { name: 'Alex', role: 'target' }));
    plugin.handlers.set('teleports.toLocation', fail(-32011, 'unknown world atlantis', { world: 'atlantis', worlds: ['world', 'world_nether'] }));
    plugin.handlers.set('economy.withdraw', fail(-32012, 'Steve has 2550 cents, less than 100000', { name: 'Steve', neededCents: 100000, balanceCents: 2550 }));
    plugin.handlers.set('inventories.give', fail(-32013, 'unknown item unobtainium', { item: 'unobtainium' }));
    plugin.handlers.set('inventories.read', fail(-32004, 'the server was too busy to start inventories.read within 300 ms; it was not done'));
    plugin.handlers.set('inventories.remove', fail(-32003, 'the server is stopping'));
    plugin.handlers.set('economy.balance', fail(-32602, 'params.name must be a non-empty string'));
    // teleports.worlds and players.online have no handler: the stand-in answers -32601.

    const caught = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: Error) => error,
      );
    const notOnline = await caught(bridge.require('messaging').sendMessage('Ghost', 'hi'));
    expect(notOnline).to.be.instanceOf(PlayerNotOnlineError).and.to.deep.include({ playerName: 'Ghost', role: 'player', message: 'Player Ghost is not online' });
    const target = await caught(bridge.require('teleports').teleportToPlayer('Steve', 'Alex'));
    expect(target).to.be.instanceOf(PlayerNotOnlineError).and.to.deep.include({ playerName: 'Alex', role: 'target', message: 'Target player Alex is not online' });
    const world = await caught(bridge.require('teleports').teleportToLocation('Steve', { world: 'atlantis', x: 0, y: 64, z: 0 }));
    expect(world)
      .to.be.instanceOf(UnknownWorldError)
      .and.to.deep.include({ world: 'atlantis', knownWorlds: ['world', 'world_nether'] });
    const funds = await caught(bridge.require('economy').withdraw('Steve', 100000));
    expect(funds).to.be.instanceOf(InsufficientFundsError).and.to.deep.include({ playerName: 'Steve', neededCents: 100000, balanceCents: 2550 });
    expect(await caught(bridge.require('inventories').give('Steve', 'unobtainium', 1)))
      .to.be.instanceOf(UnknownItemError)
      .and.to.deep.include({ item: 'unobtainium' });
    const busy = await caught(bridge.require('inventories').read('Steve'));
    expect(busy)
      .to.be.instanceOf(GameUnavailableError)
      .and.to.have.property('message')
      .that.matches(/too busy to start inventories\.read/);
    expect(await caught(bridge.require('inventories').remove('Steve', 'dirt', 1))).to.be.instanceOf(GameUnavailableError);
    const missing = await caught(bridge.require('teleports').worlds());
    expect(missing).to.be.instanceOf(CapabilityMissingError).and.to.deep.include({ capability: 'teleports', message: 'The bridge game adapter cannot teleport players' });
    // Codes of no game meaning stay plain errors (500 at the API), naming the method.
    const invalid = await caught(bridge.require('economy').balance('Steve'));
    expect(invalid).to.not.be.instanceOf(GameError);
    expect((invalid as Error).message).to.equal('bridge economy.balance: params.name must be a non-empty string (-32602)');
    const unknown = await caught(bridge.onlinePlayers());
    expect(unknown).to.not.be.instanceOf(GameError);
    expect((unknown as Error).message).to.equal('bridge players.online: unknown method players.online (-32601)');

    // Through the API: the statuses of the HTTP table, and the sentences the error data made.
    const teleport = await admin('POST', '/api/teleport', { player: 'Steve', target: 'Alex' });
    expect([teleport.status, teleport.body.error, teleport.body.code]).to.deep.equal([404, 'Target player Alex is not online', 'player_not_online']);
    const coordinates = await admin('POST', '/api/admin/teleport-coordinates', { player: 'Steve', world: 'atlantis', x: 0, y: 64, z: 0 });
    expect([coordinates.status, coordinates.body.error, coordinates.body.code]).to.deep.equal([404, 'World atlantis not found; worlds: world, world_nether', 'world_not_found']);
  });

  it('emits the block placed event, and the work events with the game mode the plugin sends', async function () {
    const plugin = await connectPlugin();
    await plugin.hello(token);
    const seen: Array<GameEvents['blockPlaced'][0] | GameEvents['blockBroken'][0]> = [];
    bridge.events.on('blockPlaced', (event) => seen.push(event));
    bridge.events.on('blockBroken', (event) => seen.push(event));
    expect(bridge.emits.has('blockPlaced')).to.equal(true);
    const player = { name: 'Builder', uuid: '11111111-2222-3333-4444-555555555555' };
    const location = { world: 'world', x: 1, y: 64, z: 2, yaw: 0, pitch: 0 };
    plugin.notify('event.blockPlaced', { player, gameMode: 'creative', block: 'oak_planks', location });
    plugin.notify('event.blockBroken', { player, gameMode: 'survival', block: 'stone', location });
    await eventually(() => (seen.length === 2 ? true : undefined), 15_000, 'two events');
    expect(seen).to.deep.equal([
      { player, gameMode: 'creative', block: 'oak_planks', location },
      { player, gameMode: 'survival', block: 'stone', location },
    ]);
  });

  it('replaces a connection when the plugin connects again, failing what was in flight on the old one', async function () {
    const old = await connectPlugin();
    await old.hello(token);
    old.handlers.set('messaging.send', () => 'never');
    const inFlight = admin('POST', '/api/admin/messages/send', { username: 'Steve', message: 'x' });
    await old.next((message) => message.method === 'messaging.send');
    const fresh = await connectPlugin();
    await fresh.hello(token);
    const response = await inFlight;
    expect(response.status).to.equal(503);
    expect(response.body.error).to.match(/connected again before the answer came/);
    expect(await old.closedBySidecar()).to.equal(true);
    fresh.handlers.set('operators.isOperator', () => false);
    expect(await bridge.operators.isOperator('x')).to.equal(false);
  });
});
