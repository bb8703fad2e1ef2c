/**
 * Every value that reaches a vanilla command over RCON is checked first: a
 * world, a player name or an item id that would add words to the command
 * (`minecraft:overworld run kick @a`) is refused as a 400 naming the field,
 * never sent and never a 500; texts are escaped for their JSON, and a text
 * too long for one RCON packet (vanilla reads at most 1,460 bytes and closes
 * the connection on a longer one) is sent in several commands. The stand-in
 * records every command it received, and closes the connection on an
 * oversized packet as vanilla does.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { Rcon } from 'rcon-client';
import { RconGameAdapter } from '../../src/game/rcon/adapter.js';
import { parseLogLine } from '../../src/game/rcon/log-lines.js';
import { textParts } from '../../src/game/rcon/text-parts.js';
import { GameError } from '../../src/game/port.js';
import { apiErrorOfGameError } from '../../src/http/error-statuses.js';
import { eventually } from '../helpers/bots.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { VanillaStandIn } from '../helpers/vanilla-stand-in.js';

const password = 'rcon-secret';
const serviceToken = 'rcon-safety-token-0123456789abcdef';
/** The most a command may take in bytes: vanilla's 1,460-byte read less the packet's 14 bytes of framing. */
const commandByteLimit = 1446;

/** Strings that would change a command if they reached it unchecked. */
const hostile = [
  '',
  ' ',
  'Steve run say injected',
  'minecraft:overworld run say injected',
  'minecraft:overworld run kick @a',
  'Steve"',
  "Ste've",
  'back\\slash',
  'line\nbreak',
  'carriage\rreturn',
  'tab\tx',
  'nul\u0000x',
  '§cred',
  '@a',
  '@e[type=player]',
  '@s',
  'run',
  '{"text":"forged"}',
  'x'.repeat(3000),
  'Стив',
  'Ω'.repeat(900),
  '😀😀',
  'Steve\u2028',
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'Minecraft:Overworld',
  'minecraft:',
  ':overworld',
  'a:b:c',
  '../../etc/passwd',
];

const name = '[A-Za-z0-9_]{1,16}';
const number = '-?\\d+(?:\\.\\d+)?(?:E-?\\d+)?';
const resource = '[a-z0-9_.-]+:[a-z0-9_./-]+';
/** The commands Gatehouse means to send, each with nothing but checked values in it. */
const intended: RegExp[] = [
  new RegExp(`^tellraw (?:@a|${name}) (\\{.*\\})$`, 's'),
  new RegExp(`^execute in ${resource} run tp ${name}(?: ${number}){3}(?: ${number} ${number})?$`),
  new RegExp(`^tp ${name} ${name}$`),
  new RegExp(`^data get entity ${name} (?:Pos|Dimension|Rotation|Inventory|equipment|playerGameType|UUID)$`),
  /^execute as @a(?:\[gamemode=(?:survival|creative|adventure|spectator)\])? run data get entity @s (?:Pos|Rotation|Dimension)$/,
  /^data get entity @a\[scores=\{register=1\.\.\},limit=1\] UUID$/,
  new RegExp(`^whitelist (?:add|remove) ${name}$`),
  /^whitelist (?:on|off|list)$/,
  new RegExp(`^(?:op|deop) ${name}$`),
  /^list uuids$/,
  /^seed$/,
  new RegExp(`^(?:give|clear) ${name} ${resource} \\d+$`),
  new RegExp(`^execute store (?:success|result) score #gh[0-9a-f]{16} gatehouse_ops run (?:give|clear) ${name} ${resource} \\d+$`),
  /^scoreboard objectives add (?:register trigger|gatehouse_ops dummy)$/,
  new RegExp(`^scoreboard players enable (?:@a|${name}) register$`),
  new RegExp(`^scoreboard players set ${name} register 0$`),
  /^scoreboard players (?:get|set|reset) #gh[0-9a-f]{16}a? gatehouse_ops(?: \d+)?$/,
  /^scoreboard players list$/,
  new RegExp(`^bossbar (?:add ${resource} (\\{.*\\})|set ${resource} (?:max \\d+|value \\d+|color \\w+|players @a|name (\\{.*\\}))|remove ${resource})$`, 's'),
  /^kick @a [^\n\r]*$/,
  // A message: one line, every @ that would start a selector kept text by a zero-width space.
  new RegExp(`^(?:ban|kick) ${name} (?:[^@\\n\\r]|@(?![aenprs]))*$`),
  /^ban-ip [0-9a-fA-F:.]+ (?:[^@\n\r]|@(?![aenprs]))*$/,
  new RegExp(`^pardon ${name}$`),
  /^pardon-ip [0-9a-fA-F:.]+$/,
  /^save-all flush$/,
  /^stop$/,
];

/** Fails with the command when it is not one Gatehouse means to send, or is too long for vanilla's RCON. */
function expectIntended(command: string): void {
  expect(Buffer.byteLength(command, 'utf8'), `a command over ${commandByteLimit} bytes: ${command.slice(0, 80)}…`).to.be.at.most(commandByteLimit);
  const shape = intended.map((pattern) => pattern.exec(command)).find((match) => match);
  expect(shape, `a command Gatehouse does not mean to send: ${JSON.stringify(command.slice(0, 200))}`).to.not.equal(undefined);
  // A JSON text is one text component: nothing but its `text`.
  const json = shape!.slice(1).find((part) => part !== undefined);
  if (json !== undefined) expect(Object.keys(JSON.parse(json) as object)).to.deep.equal(['text']);
}

describe('a text cut to fit RCON commands', function () {
  it('keeps each part within the room once escaped, never cuts a § code from its character, and carries the colour and formats on', function () {
    const text = `§a${'слово "в кавычках" \\ '.repeat(30)}§l${'жирно '.repeat(40)}§rобычно 😀`;
    const parts = textParts(text, 200);
    expect(parts.length).to.be.above(5);
    for (const part of parts) {
      expect(Buffer.byteLength(JSON.stringify(part)) - 2, part).to.be.at.most(200);
      expect(part, 'a part ending in a lone §').to.not.match(/§$/);
      expect(part.includes('\ud83d') && !part.includes('😀'), 'half an emoji').to.equal(false);
    }
    // Every part after the first starts with the codes in force where the one before ended.
    const bold = parts.findIndex((part) => part.includes('§l'));
    expect(parts[bold + 1]).to.match(/^§a§l/);
    expect(parts[1]).to.match(/^§a/);
    // Less the codes carried into each, the parts are the text again.
    let position = 0;
    let active = '';
    parts.forEach((part, index) => {
      const carried = index === 0 ? '' : active;
      expect(part.startsWith(carried), `part ${index} begins with ${JSON.stringify(carried)}`).to.equal(true);
      const own = part.slice(carried.length);
      expect(own).to.equal(text.slice(position, position + own.length));
      for (const [, code] of own.matchAll(/§(.)/g)) active = /[0-9a-f]/.test(code!) ? `§${code}` : code === 'r' ? '' : `${active}§${code}`;
      position += own.length;
    });
    expect(position).to.equal(text.length);
    expect(textParts('', 100)).to.deep.equal(['']);
  });
});

describe('commands over RCON carry only checked values (stand-in vanilla server)', function () {
  let directory: string;
  let standIn: VanillaStandIn;

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-vanilla-safety-');
    standIn = await VanillaStandIn.start({ password, directory });
  });
  afterEach(async function () {
    await standIn.stop();
    await rm(directory, { recursive: true, force: true });
  });

  describe('through the adapter', function () {
    let adapter: RconGameAdapter;
    const logged: string[] = [];

    beforeEach(async function () {
      logged.length = 0;
      adapter = new RconGameAdapter({
        host: '127.0.0.1',
        port: standIn.port,
        password,
        serverDirectory: directory,
        logFile: standIn.logFile,
        requestTimeoutMs: 2000,
        log: (message) => logged.push(message),
        logError: (message) => logged.push(`ERROR ${message}`),
        logPollMs: 50,
        firstBackoffMs: 50,
      });
      await adapter.start();
      await standIn.join('Steve');
    });
    afterEach(async function () {
      await adapter.stop();
    });

    it('refuses a world, player or item that would change the command with a 400-kind error naming the field, and sends none of them', async function () {
      this.timeout(120_000);
      const messaging = adapter.require('messaging');
      const teleports = adapter.require('teleports');
      const whitelist = adapter.require('whitelist');
      const inventories = adapter.require('inventories');
      const bossBars = adapter.require('bossBars');
      const moderation = adapter.require('moderation');
      const place = (world: string) => ({ world, x: 1, y: 64, z: 2 });
      const ban = { reason: 'fuzzing', source: 'Gatehouse (fuzz)', created: null, expires: null };
      const calls: Array<{ field: string; run: (value: string) => Promise<unknown> }> = [
        { field: 'player', run: (value) => messaging.sendMessage(value, 'hello') },
        { field: 'text', run: (value) => messaging.sendMessage('Steve', value) },
        { field: 'text', run: (value) => messaging.broadcast(value) },
        { field: 'player', run: (value) => teleports.teleportToPlayer(value, 'Steve') },
        { field: 'target', run: (value) => teleports.teleportToPlayer('Steve', value) },
        { field: 'player', run: (value) => teleports.teleportToLocation(value, place('world')) },
        { field: 'world', run: (value) => teleports.teleportToLocation('Steve', place(value)) },
        { field: 'player', run: (value) => whitelist.add(value) },
        { field: 'player', run: (value) => whitelist.remove(value) },
        { field: 'player', run: (value) => adapter.operators.setOperator(value, true) },
        { field: 'player', run: (value) => inventories.read(value) },
        { field: 'player', run: (value) => inventories.give(value, 'diamond', 1) },
        { field: 'item', run: (value) => inventories.give('Steve', value, 1) },
        { field: 'item', run: (value) => inventories.remove('Steve', value, 1, { operationId: `fuzz-${value.length}` }) },
        { field: 'title', run: (value) => bossBars.show({ id: 'fuzz', title: value, progress: 0.5, color: 'red' }) },
        { field: 'id', run: (value) => bossBars.show({ id: value, title: 'Fuzz', progress: 0.5, color: 'red' }) },
        { field: 'player', run: (value) => moderation.ban({ ...ban, player: { name: value, uuid: '' } }) },
        { field: 'reason', run: (value) => moderation.ban({ ...ban, player: { name: 'Fuzzed', uuid: '' }, reason: value }) },
        { field: 'address', run: (value) => moderation.ban({ ...ban, address: value }) },
        { field: 'player', run: (value) => moderation.lift({ player: { name: value, uuid: '' } }) },
        { field: 'address', run: (value) => moderation.lift({ address: value }) },
        { field: 'player', run: (value) => moderation.kick(value, 'bye') },
        // Nobody of that name is online: a message that passes is asked, and answered not online.
        { field: 'message', run: (value) => moderation.kick('Nobody', value) },
      ];
      for (const value of hostile) {
        for (const call of calls) {
          const outcome = await call.run(value).then(
            () => undefined,
            (error: unknown) => error,
          );
          const what = `${call.field} ${JSON.stringify(value.slice(0, 60))}`;
          if (outcome === undefined) continue;
          expect(outcome, `${what}: ${(outcome as Error).stack}`).to.be.instanceOf(GameError);
          const { status, message } = apiErrorOfGameError(outcome as GameError);
          // Refused (400), or asked and not found (404): never a reply nobody expected, never a dropped connection.
          expect([400, 404], `${what}: ${status} ${message}`).to.include(status);
          if (status === 400) expect(message.toLowerCase(), what).to.include(call.field);
        }
      }
      for (const command of standIn.commands) expectIntended(command);
      expect(standIn.oversizedPackets, 'packets over vanilla’s limit').to.equal(0);
      expect(adapter.isConnected()).to.equal(true);
      expect([...standIn.kicked.keys()], 'nobody was kicked').to.deep.equal([]);
      expect(standIn.players.has('steve')).to.equal(true);
    });

    it('keeps the world names apart from the properties every object has', async function () {
      const teleports = adapter.require('teleports');
      for (const world of ['constructor', 'toString', '__proto__', 'valueOf']) {
        const refused = await teleports.teleportToLocation('Steve', { world, x: 0, y: 64, z: 0 }).catch((error: unknown) => error);
        expect(refused, world).to.be.instanceOf(GameError).and.include({ kind: 'unknownWorld' });
      }
      expect(standIn.commands.filter((command) => command.startsWith('execute in'))).to.deep.equal([]);
      // A world named like a built-in property in a Paper log line stays that name.
      const login = parseLogLine('[12:00:00 INFO]: Steve[/127.0.0.1:50000] logged in with entity id 7 at ([toString]1.5, 64.0, 2.5)');
      expect(login).to.deep.include({ kind: 'login' });
      expect((login as { location: { world: unknown } }).location.world).to.equal('toString');
    });

    it('sends a text longer than one RCON packet holds in several tellraw commands, and keeps the connection', async function () {
      const events: boolean[] = [];
      adapter.events.on('connection', ({ connected }) => events.push(connected));
      const text = 'Внимание! Сервер будет перезапущен сегодня вечером. '.repeat(20).trim();
      expect(Buffer.byteLength(text)).to.be.above(commandByteLimit);
      await adapter.require('messaging').broadcast(text);
      await adapter.require('messaging').sendMessage('Steve', `§6${text}`);
      expect(standIn.oversizedPackets).to.equal(0);
      expect(events, 'the connection was never lost').to.deep.equal([]);
      expect(adapter.isConnected()).to.equal(true);
      const told = standIn.told.get('Steve')!;
      expect(told.length).to.be.above(2);
      // Every part shows in the colour the text began with.
      const broadcastParts = told.filter((part) => !part.startsWith('§6'));
      const directParts = told.filter((part) => part.startsWith('§6'));
      expect(broadcastParts.join('')).to.equal(text);
      expect(directParts.map((part) => part.slice(2)).join('')).to.equal(text);
      for (const command of standIn.commands) expectIntended(command);
    });

    it('the stand-in closes the connection on a packet over vanilla’s 1,460 bytes, as vanilla does', async function () {
      // A plain RCON client, past the adapter's checks: what an unchecked command would do.
      const client = await Rcon.connect({ host: '127.0.0.1', port: standIn.port, password, timeout: 2000 });
      client.on('error', () => undefined);
      expect(await client.send(`say ${'x'.repeat(commandByteLimit - 4)}`)).to.match(/^Unknown or incomplete command/);
      const ended = new Promise<void>((resolve) => client.on('end', () => resolve()));
      void client.send(`say ${'x'.repeat(commandByteLimit - 3)}`).catch(() => undefined);
      await ended;
      expect(standIn.oversizedPackets).to.equal(1);
    });
  });

  describe('over the HTTP API', function () {
    let server: TestGatehouse;

    beforeEach(async function () {
      server = await startTestGatehouse((config) => {
        config.token = serviceToken;
        standIn.connect(config);
      });
      await standIn.join('Steve');
      await eventually(async () => ((await api(server.baseUrl, 'GET', '/api/health')).body.game?.connected ? true : undefined), 15_000, 'RCON connected');
    });
    afterEach(async function () {
      await server.stop();
    });

    const call = (method: string, path: string, body: unknown) => api(server.baseUrl, method, path, { token: serviceToken, body });

    it('answers the world of the issue with a 400 naming it, and nobody sees the injected text', async function () {
      const answer = await call('POST', '/api/admin/teleport-coordinates', { player: 'Steve', world: 'minecraft:overworld run say injected', x: 1, y: 64, z: 2 });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(400);
      expect(answer.body.error).to.match(/^world /);
      expect(standIn.commands.filter((command) => /say|injected/.test(command))).to.deep.equal([]);
      // A namespaced dimension id is still a world.
      const moved = await call('POST', '/api/admin/teleport-coordinates', { player: 'Steve', world: 'minecraft:the_nether', x: 1, y: 64, z: 2 });
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      expect(moved.body.location).to.deep.include({ world: 'world_nether' });
    });

    it('never answers a hostile field with a 500, refuses it with a 400 naming the field, and sends only intended commands', async function () {
      this.timeout(180_000);
      const endpoints: Array<{ field: string; send: (value: string) => ReturnType<typeof call> }> = [
        { field: 'world', send: (value) => call('POST', '/api/admin/teleport-coordinates', { player: 'Steve', world: value, x: 1, y: 64, z: 2 }) },
        { field: 'player', send: (value) => call('POST', '/api/admin/teleport-coordinates', { player: value, world: 'world', x: 1, y: 64, z: 2 }) },
        { field: 'target', send: (value) => call('POST', '/api/teleport', { player: 'Steve', target: value }) },
        { field: 'targetPlayer', send: (value) => call('POST', '/api/admin/teleport-player', { player: 'Steve', targetPlayer: value }) },
        { field: 'username', send: (value) => call('POST', '/api/admin/messages/send', { username: value, message: 'hello' }) },
        { field: 'message', send: (value) => call('POST', '/api/admin/messages/send', { username: 'Steve', message: value }) },
        { field: 'content', send: (value) => call('POST', '/api/admin/messages', { content: value }) },
        { field: 'username', send: (value) => call('POST', '/api/whitelist/add', { username: value }) },
        { field: 'username', send: (value) => call('POST', '/api/whitelist/remove', { username: value }) },
        { field: 'reason', send: (value) => call('POST', '/api/admin/restart', { delay: 3600, reason: value }) },
      ];
      for (const value of hostile) {
        for (const endpoint of endpoints) {
          const answer = await endpoint.send(value);
          const what = `${endpoint.field} ${JSON.stringify(value.slice(0, 60))}: ${answer.status} ${JSON.stringify(answer.body)}`;
          expect(answer.status, what).to.be.below(500);
          if (answer.status === 400) expect(answer.body.error, what).to.include(endpoint.field);
        }
        await call('DELETE', '/api/admin/restart', undefined);
      }
      for (const command of standIn.commands) expectIntended(command);
      expect(standIn.oversizedPackets).to.equal(0);
      expect([...standIn.kicked.keys()]).to.deep.equal([]);
      expect((await api(server.baseUrl, 'GET', '/api/health')).body.game).to.deep.include({ connected: true });
    });

    it('keeps RCON up through a long Cyrillic announcement, and through the joins that are shown it again', async function () {
      const content = 'Внимание, игроки! Завтра с десяти утра сервер будет на техническом обслуживании. '.repeat(11).trim();
      expect(content.length).to.be.within(700, 1000);
      expect(Buffer.byteLength(content)).to.be.above(commandByteLimit);
      const announced = await call('POST', '/api/admin/messages', { content });
      expect(announced.status, JSON.stringify(announced.body)).to.equal(201);
      await standIn.join('Latecomer');
      const shown = (player: string) => (standIn.told.get(player) ?? []).join('').replace(/§[0-9a-fk-or]/g, '');
      await eventually(() => (shown('Latecomer').includes(content) ? true : undefined), 10_000, 'the announcement shown at the join');
      expect(standIn.oversizedPackets).to.equal(0);
      expect(shown('Steve')).to.include(content);
      expect((await api(server.baseUrl, 'GET', '/api/health')).body.game).to.deep.include({ connected: true });
      for (const command of standIn.commands) expectIntended(command);
    });
  });
});
