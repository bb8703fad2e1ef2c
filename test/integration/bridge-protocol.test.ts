import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { decodeLine } from '../../src/game/bridge/json-rpc.js';
import { eventually } from '../helpers/bots.js';
import { FakePlugin } from '../helpers/fake-plugin.js';
import { api, startBridgeGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const token = 'bridge-test-token';

describe('bridge protocol: golden samples', function () {
  it('decodes every sample line of docs/bridge-samples.jsonl as the message kind it shows', async function () {
    const lines = (await readFile('docs/bridge-samples.jsonl', 'utf8')).trim().split('\n');
    expect(lines.length).to.be.at.least(40);
    const kinds = new Set<string>();
    for (const line of lines) {
      const message = decodeLine(line);
      kinds.add(message.kind);
      if (message.kind === 'request' || message.kind === 'notification') expect(message.method).to.match(/^[a-z][A-Za-z]*\.[A-Za-z]+$/);
    }
    expect([...kinds].sort()).to.deep.equal(['error', 'notification', 'request', 'result']);
    // Every method the protocol document lists has a sample.
    const documented = new Set([...(await readFile('docs/bridge-protocol.md', 'utf8')).matchAll(/`((?:[a-z]+)\.[A-Za-z]+)`/g)].map((match) => match[1]!));
    const sampled = new Set(lines.map((line) => decodeLine(line)).flatMap((message) => ('method' in message ? [message.method] : [])));
    for (const method of documented) if (!/\.(md|yml|json|port|host)$/.test(method) && !method.startsWith('game.')) expect(sampled, method).to.include(method);
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
    expect((await old.hello(token, ['operators'], 99)).error.code).to.equal(-32002);
  });

  it('connects with the token, offers exactly the advertised capabilities, and carries requests and events', async function () {
    const plugin = await connectPlugin();
    const answer = await plugin.hello(token, ['operators', 'messaging']);
    expect(answer.result).to.deep.equal({ protocolVersion: 1, sidecar: 'Gatehouse 0.1.0' });
    expect(bridge.isConnected()).to.equal(true);
    expect(bridge.capability('messaging')).to.not.equal(undefined);
    expect(bridge.capability('teleports')).to.equal(undefined);

    plugin.handlers.set('players.online', () => [{ name: 'Steve', uuid: 'u-1', ipAddress: '10.0.0.7', location: { world: 'world', x: 0, y: 64, z: 0 }, gameMode: 'survival', ping: 12 }]);
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
    await eventually(async () => {
      const [entry] = await server.gatehouse.store.connectionLog.recent({ limit: 1 });
      return entry?.username === 'Steve' ? entry : undefined;
    }, 3000, 'the join in the connection log');
  });

  it('answers /register from the game with a code the API accepts', async function () {
    const plugin = await connectPlugin();
    await plugin.hello(token);
    const answer = await plugin.request('register.command', { player: { name: 'Bridged', uuid: '11111111-2222-3333-4444-555555555555' } });
    const code = /code: §f§l([A-Z0-9]{8})/.exec(answer.result.message)![1];
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
    await eventually(() => (server.errors.some((line) => /unknown notification event\.unheardOf/.test(line)) ? true : undefined), 3000, 'the notification logged');
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
    await eventually(() => (bridge.isConnected() ? undefined : true), 3000, 'the bridge to notice');

    const second = await connectPlugin();
    await second.hello(token);
    second.handlers.set('messaging.send', () => null);
    expect((await admin('POST', '/api/admin/messages/send', { username: 'Steve', message: 'back' })).status).to.equal(200);
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
