/**
 * The RCON adapter against a stand-in vanilla server (test/helpers/vanilla-stand-in.ts:
 * no vanilla server can run here, so a stand-in speaks RCON's real packet
 * format and answers with vanilla's exact strings, and writes a log in
 * vanilla's or Paper's format).
 */
import { readFile, rm } from 'node:fs/promises';
import { expect } from 'chai';
import { RconGameAdapter } from '../../src/game/rcon/adapter.js';
import { GameUnavailableError, PlayerNotOnlineError, UnknownItemError, UnknownWorldError, type GameEvents } from '../../src/game/port.js';
import { eventually } from '../helpers/bots.js';
import { api, startTestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { triggerEnabled, VanillaStandIn } from '../helpers/vanilla-stand-in.js';

const password = 'rcon-secret';
const managementSecret = 'a'.repeat(40);

/**
 * The commands the stand-in was sent from the `from`th on, without those of the code triggers' poll
 * (src/game/rcon/code-triggers.ts), which asks once a second whatever else is asked and may fall in between.
 */
const commandsBesidesPoll = (standIn: VanillaStandIn, from = 0) =>
  standIn.commands.slice(from).filter((line) => !/^data get entity @a\[scores=\{|^scoreboard players (set|enable) /.test(line));

describe('the RCON adapter against a stand-in vanilla server', function () {
  let directory: string;
  let standIn: VanillaStandIn;
  let adapter: RconGameAdapter;
  const logged: string[] = [];
  const start = async (
    options: {
      version?: string;
      logFormat?: 'vanilla' | 'paper';
      equipmentCompound?: boolean;
      password?: string;
      managementSecret?: string;
      adapterManagementSecret?: string;
    } = {},
  ) => {
    standIn = await VanillaStandIn.start({
      password,
      directory,
      version: options.version,
      logFormat: options.logFormat,
      equipmentCompound: options.equipmentCompound,
      ...(options.managementSecret ? { managementSecret: managementSecret } : {}),
    });
    adapter = new RconGameAdapter({
      host: '127.0.0.1',
      port: standIn.port,
      password: options.password ?? password,
      serverDirectory: directory,
      logFile: standIn.logFile,
      requestTimeoutMs: 2000,
      log: (message) => logged.push(message),
      logError: (message) => logged.push(`ERROR ${message}`),
      logPollMs: 50,
      firstBackoffMs: 50,
      ...(standIn.management ? { managementUrl: standIn.management.url, managementSecret: options.adapterManagementSecret ?? options.managementSecret } : {}),
    });
    await adapter.start();
  };
  const seen = () => {
    const events: Array<{ event: keyof GameEvents; payload: unknown }> = [];
    for (const event of ['join', 'quit', 'loginRefused', 'connection'] as const) adapter.events.on(event, (payload: unknown) => events.push({ event, payload }));
    return events;
  };

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-vanilla-');
    logged.length = 0;
  });
  afterEach(async function () {
    await adapter?.stop();
    await standIn?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('connects, lists players with their place and game mode, and knows the server version from its log', async function () {
    await start({ version: '1.21.4' });
    expect(adapter.isConnected()).to.equal(true);
    expect(adapter.serverSoftware()).to.deep.equal({ software: 'Minecraft (vanilla, over RCON)', version: '1.21.4' });
    expect(await adapter.onlinePlayers()).to.deep.equal([]);
    await standIn.join('Steve', '10.0.0.7', [100.5, 64, -19.5]);
    await eventually(async () => ((await adapter.onlinePlayers())[0]?.ipAddress === '10.0.0.7' ? true : undefined), 15_000, 'Steve online, his login line read');
    const [steve] = await adapter.onlinePlayers();
    expect(steve).to.deep.include({ name: 'Steve', gameMode: 'survival', location: { world: 'world', x: 100.5, y: 64, z: -19.5, yaw: 0, pitch: 0 } });
    expect(steve!.uuid).to.match(/^[0-9a-f-]{36}$/);
    expect(steve!.ipAddress).to.equal('10.0.0.7');
    // With several online, the same in a fixed number of commands, not four a player.
    await standIn.join('Alex', '10.0.0.8', [1, 2, 3]);
    await standIn.join('12Monkeys', '10.0.0.9');
    standIn.players.get('alex')!.dimension = 'minecraft:the_end';
    standIn.players.get('alex')!.gameType = 1;
    standIn.players.get('12monkeys')!.gameType = 3;
    standIn.players.get('12monkeys')!.rotation = [90, -45];
    // A join sends commands of its own (the register trigger enabled for the player): let them pass before counting.
    await eventually(() => (triggerEnabled(standIn.players.get('alex')) && triggerEnabled(standIn.players.get('12monkeys')) ? true : undefined), 15_000, 'the joins handled');
    const before = standIn.commands.length;
    const everyone = await adapter.onlinePlayers();
    expect(commandsBesidesPoll(standIn, before)).to.have.length(7);
    expect(everyone.map((player) => [player.name, player.location.world, player.gameMode, player.location.x])).to.deep.equal([
      ['Steve', 'world', 'survival', 100.5],
      ['Alex', 'world_the_end', 'creative', 1],
      ['12Monkeys', 'world', 'spectator', 0.5],
    ]);
    expect(everyone[2]!.location).to.deep.include({ yaw: 90, pitch: -45 });
  });

  it('turns the log into join, quit and refused-login events with addresses, also after the log is rotated, in Paper format too', async function () {
    await start({ logFormat: 'paper' });
    const events = seen();
    await standIn.join('Alex', '192.168.1.20');
    await eventually(() => (events.some((event) => event.event === 'join') ? true : undefined), 15_000, 'the join');
    await standIn.refuse('Stranger', '10.9.9.9', 'You are not whitelisted on this server!');
    await standIn.rotateLog();
    await standIn.quit('Alex');
    await eventually(() => (events.filter((event) => event.event !== 'connection').length >= 3 ? true : undefined), 15_000, 'three events');
    const join = events.find((event) => event.event === 'join')!.payload as GameEvents['join'][0];
    expect(join.player.name).to.equal('Alex');
    expect(join.player.uuid).to.match(/^[0-9a-f-]{36}$/);
    expect(join.ipAddress).to.equal('192.168.1.20');
    expect(join.location).to.deep.include({ world: 'world' });
    expect(events.find((event) => event.event === 'loginRefused')!.payload).to.deep.equal({
      name: 'Stranger',
      uuid: null,
      ipAddress: '10.9.9.9',
      reason: 'You are not whitelisted on this server!',
    });
    expect(events.find((event) => event.event === 'quit')!.payload).to.deep.include({ ipAddress: '192.168.1.20' });
    expect(logged.join('\n')).to.match(/latest\.log was replaced/);
  });

  it('tells a second login of the same player as the first session quitting, then the new one joining, with the player online once', async function () {
    await start();
    const events = seen();
    expect(await standIn.login('Twice', '10.0.0.1')).to.equal(undefined);
    await eventually(() => (events.some((event) => event.event === 'join') ? true : undefined), 15_000, 'the first join');
    // Unlike the embedded server, which refuses the second login, vanilla kicks the first session.
    expect(await standIn.login('Twice', '10.0.0.2')).to.equal(undefined);
    const log = await readFile(standIn.logFile, 'utf8');
    expect(log).to.match(/Twice lost connection: You logged in from another location\n.*Twice left the game\n.*Twice\[\/10\.0\.0\.2:\d+\] logged in/);
    await eventually(() => (events.filter((event) => event.event === 'join').length >= 2 ? true : undefined), 15_000, 'the second join');
    const comings = events.filter((event) => event.event !== 'connection');
    expect(comings.map((event) => [event.event, (event.payload as GameEvents['join'][0]).ipAddress])).to.deep.equal([
      ['join', '10.0.0.1'],
      ['quit', '10.0.0.1'],
      ['join', '10.0.0.2'],
    ]);
    const [first, left, second] = comings.map((event) => (event.payload as GameEvents['join'][0]).player);
    expect(left).to.deep.equal(first);
    expect(second).to.deep.equal(first);
    expect(second!.uuid).to.match(/^[0-9a-f-]{36}$/);
    const online = await adapter.onlinePlayers();
    expect(online.map((player) => [player.name, player.ipAddress])).to.deep.equal([['Twice', '10.0.0.2']]);
  });

  /** The join and quit events of one player, in the order they were emitted. */
  const comingsOf = (events: ReturnType<typeof seen>, name: string) =>
    events.filter((event) => event.event !== 'connection' && (event.payload as GameEvents['join'][0]).player.name === name).map((event) => event.event);

  it("tells a player who leaves the moment they join as joined, then gone, in the log's order, and not online after", async function () {
    await start();
    const events = seen();
    // An offline-mode server's log gives no UUID: the join asks `list uuids` first, by when the player is gone.
    await standIn.join('Blink', '10.0.0.5');
    await standIn.quit('Blink');
    await eventually(() => (comingsOf(events, 'Blink').length >= 2 ? true : undefined), 15_000, "Blink's join and quit");
    // Whatever is still to come of them comes within a poll or two of the log.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(comingsOf(events, 'Blink')).to.deep.equal(['join', 'quit']);
    expect(await adapter.onlinePlayers()).to.deep.equal([]);
    const message = await adapter
      .require('messaging')
      .sendMessage('Blink', 'hello?')
      .catch((error: Error) => error);
    expect(message).to.be.instanceOf(PlayerNotOnlineError);
  });

  it('tells a player who leaves the moment they join as joined, then gone, from the management protocol too', async function () {
    await start({ version: '1.21.9', managementSecret });
    await eventually(() => (standIn.management!.calls.includes('minecraft:allowlist') ? true : undefined), 15_000, 'the lists read at connection');
    const events = seen();
    // The join waits for the log's login line for the address; the leave comes meanwhile.
    await standIn.join('Flash', '10.0.0.6');
    await standIn.quit('Flash');
    await eventually(() => (comingsOf(events, 'Flash').length >= 2 ? true : undefined), 15_000, "Flash's join and quit");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(comingsOf(events, 'Flash')).to.deep.equal(['join', 'quit']);
    expect(await adapter.onlinePlayers()).to.deep.equal([]);
  });

  it('lists a player banned or kicked through the management protocol as gone at the next read, though the list is shared a tick', async function () {
    await start({ version: '1.21.9', managementSecret });
    await eventually(() => (standIn.management!.calls.includes('minecraft:allowlist') ? true : undefined), 15_000, 'the lists read at connection');
    await standIn.join('Rowdy', '10.0.0.8');
    await standIn.join('Loud', '10.0.0.9');
    const names = async () => (await adapter.onlinePlayers()).map((player) => player.name).sort();
    await eventually(async () => ((await names()).length === 2 ? true : undefined), 15_000, 'both online');
    const moderation = adapter.require('moderation');
    // Each right after a read: the list kept is fresh, and only the ban's or the kick's own forget makes the next read ask.
    expect(await names()).to.deep.equal(['Loud', 'Rowdy']);
    const rowdy = (await adapter.onlinePlayers()).find((player) => player.name === 'Rowdy')!;
    await moderation.ban({ player: { name: rowdy.name, uuid: rowdy.uuid }, reason: 'flooding the chat', source: 'test', created: null, expires: null });
    expect(await names(), 'after the ban').to.deep.equal(['Loud']);
    await moderation.kick('Loud', 'spamming the chat');
    expect(await names(), 'after the kick').to.deep.equal([]);
  });

  it('reads operators and the whitelist from the server files, and changes them with commands', async function () {
    await start();
    const { operators } = adapter;
    expect(await operators.isOperator('Chief')).to.equal(false);
    expect(await operators.setOperator('Chief', true)).to.equal(true);
    expect(await operators.setOperator('Chief', true)).to.equal(false);
    await eventually(async () => ((await operators.isOperator('chief')) ? true : undefined), 15_000, 'ops.json read');
    expect((await operators.list()).map((entry) => entry.name)).to.deep.equal(['Chief']);
    const whitelist = adapter.require('whitelist');
    expect(await whitelist.add('Listed')).to.equal(true);
    expect(await whitelist.add('Listed')).to.equal(false);
    await whitelist.setEnabled(true);
    expect(await whitelist.isEnabled()).to.equal(true);
    expect(standIn.whitelistOn).to.equal(true);
    await eventually(async () => ((await whitelist.isWhitelisted('LISTED')) ? true : undefined), 15_000, 'whitelist.json read');
    expect(await whitelist.remove('Listed')).to.equal(true);
    expect(await whitelist.remove('Listed')).to.equal(false);
  });

  it('sends messages with tellraw, and teleports across dimensions answering from and to', async function () {
    await start();
    await standIn.join('Walker');
    await standIn.join('Anchor', '127.0.0.1', [5.5, 70, 5.5]);
    await adapter.require('messaging').sendMessage('Walker', '§aHello');
    expect(standIn.told.get('Walker')).to.deep.equal(['§aHello']);
    expect(
      await adapter
        .require('messaging')
        .sendMessage('Ghost', 'x')
        .catch((error) => error),
    ).to.be.instanceOf(PlayerNotOnlineError);
    const teleports = adapter.require('teleports');
    const moved = await teleports.teleportToLocation('Walker', { world: 'world_nether', x: 12, y: 70, z: -3.5, yaw: 90, pitch: 10 });
    expect(moved.from).to.deep.include({ world: 'world', x: 0.5, z: 0.5 });
    expect(moved.to).to.deep.include({ world: 'world_nether', x: 12, z: -3.5 });
    // A whole number is sent with a decimal point, so vanilla does not move the player to the block's centre.
    expect(standIn.commands).to.include('execute in minecraft:the_nether run tp Walker 12.0 70.0 -3.5 90.0 10.0');
    expect(standIn.players.get('walker')!.pos).to.deep.equal([12, 70, -3.5]);
    const joined = await teleports.teleportToPlayer('Anchor', 'Walker');
    expect(joined.to).to.deep.include({ world: 'world_nether', x: 12, z: -3.5 });
    const missing = await teleports.teleportToPlayer('Anchor', 'Nobody').catch((error) => error);
    expect(missing).to.be.instanceOf(PlayerNotOnlineError).and.include({ role: 'target' });
    expect(await teleports.teleportToLocation('Walker', { world: 'atlantis', x: 0, y: 0, z: 0 }).catch((error) => error)).to.be.instanceOf(UnknownWorldError);
  });

  it('reads, gives (only what fits) and removes items, answers a retried give from memory, and reads armour in equipment (1.21.5+)', async function () {
    await start({ version: '1.21.5', equipmentCompound: true });
    await standIn.join('Trader');
    const inventories = adapter.require('inventories');
    standIn.players.get('trader')!.inventory.push({ slot: 102, id: 'minecraft:iron_sword', count: 1 });
    expect(await inventories.give('Trader', 'diamond', 70, { operationId: 'delivery-1' })).to.equal(70);
    expect(await inventories.give('Trader', 'diamond', 70, { operationId: 'delivery-1' }), 'a retry is not given twice').to.equal(70);
    expect(await inventories.read('Trader')).to.deep.equal([
      { slot: 0, item: 'diamond', count: 64 },
      { slot: 1, item: 'diamond', count: 6 },
      { slot: 38, item: 'iron_sword', count: 1 },
    ]);
    expect(await inventories.remove('Trader', 'diamond', 100)).to.equal(70);
    expect(await inventories.give('Trader', 'no_such_item', 1).catch((error) => error)).to.be.instanceOf(UnknownItemError);
    // A full inventory takes what fits and no more (vanilla would drop the rest at the player's feet).
    standIn.players.get('trader')!.inventory = Array.from({ length: 36 }, (_, slot) => ({ slot, id: 'minecraft:stone', count: slot === 0 ? 60 : 64 }));
    expect(await inventories.give('Trader', 'stone', 10)).to.equal(4);
    expect(await inventories.give('Trader', 'diamond', 5)).to.equal(0);
  });

  /** Gatehouse killed and started again: a new adapter, with nothing in memory, against the same server. */
  const restartAdapter = async () => {
    await adapter.stop();
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
    await eventually(() => (adapter.isConnected() ? true : undefined), 5000, 'the new adapter connected');
  };

  it('gives a delivery once when the reply to its give was lost and the give is asked again under the same operation id', async function () {
    await start();
    const events = seen();
    await standIn.join('Trader');
    const inventories = adapter.require('inventories');
    // The server runs the give, and the connection drops before its reply arrives: the outcome is unknown to the caller.
    standIn.dropReplyOn = 'execute store success score';
    expect(await inventories.give('Trader', 'diamond', 10, { operationId: 'delivery-7-1' }).catch((error) => error)).to.be.instanceOf(GameUnavailableError);
    await eventually(
      () => (events.some((event) => event.event === 'connection' && (event.payload as { connected: boolean }).connected === false) ? true : undefined),
      15_000,
      'the drop noticed',
    );
    await eventually(() => (adapter.isConnected() ? true : undefined), 5000, 'the adapter back');
    // The shop's delivery asks again under the same id, as its outbox promises is safe.
    expect(await inventories.give('Trader', 'diamond', 10, { operationId: 'delivery-7-1' })).to.equal(10);
    const diamonds = async () => (await adapter.require('inventories').read('Trader')).filter((stack) => stack.item === 'diamond').reduce((sum, stack) => sum + stack.count, 0);
    expect(await diamonds(), 'one purchase of 10 diamonds delivered once').to.equal(10);

    // The reply lost, then Gatehouse killed and started again: the new adapter knows nothing, the game's record answers.
    standIn.dropReplyOn = 'execute store success score';
    expect(await inventories.give('Trader', 'diamond', 5, { operationId: 'delivery-8-1' }).catch((error) => error)).to.be.instanceOf(GameUnavailableError);
    await restartAdapter();
    expect(await adapter.require('inventories').give('Trader', 'diamond', 5, { operationId: 'delivery-8-1' })).to.equal(5);
    expect(await diamonds()).to.equal(15);
    // A give refused while the player was away is made when asked again once they are back.
    expect(
      await adapter
        .require('inventories')
        .give('Absent', 'diamond', 2, { operationId: 'delivery-9-1' })
        .catch((error) => error),
    ).to.be.instanceOf(PlayerNotOnlineError);
    await standIn.join('Absent');
    expect(await adapter.require('inventories').give('Absent', 'diamond', 2, { operationId: 'delivery-9-1' })).to.equal(2);
  });

  it('takes the items of a sale once when the reply to its clear was lost, also across a restart of Gatehouse', async function () {
    await start();
    await standIn.join('Seller');
    await adapter.require('inventories').give('Seller', 'cobblestone', 40);
    standIn.dropReplyOn = 'execute store result score';
    expect(
      await adapter
        .require('inventories')
        .remove('Seller', 'cobblestone', 30, { operationId: 'sale-1' })
        .catch((error) => error),
    ).to.be.instanceOf(GameUnavailableError);
    await restartAdapter();
    expect(await adapter.require('inventories').remove('Seller', 'cobblestone', 30, { operationId: 'sale-1' }), 'the count the first clear took').to.equal(30);
    expect((await adapter.require('inventories').read('Seller')).reduce((sum, stack) => sum + stack.count, 0)).to.equal(10);
  });

  it('makes its objective again when an admin removed it, and goes on recording', async function () {
    await start();
    await standIn.join('Trader');
    await adapter.require('inventories').give('Trader', 'diamond', 1, { operationId: 'delivery-10-1' });
    expect(standIn.scores.get('gatehouse_ops')!.size).to.equal(2);
    // As `/scoreboard objectives remove gatehouse_ops` would.
    standIn.scores.delete('gatehouse_ops');
    expect(await adapter.require('inventories').give('Trader', 'diamond', 2, { operationId: 'delivery-11-1' })).to.equal(2);
    expect([...standIn.scores.get('gatehouse_ops')!.values()]).to.include(1);
    expect(await adapter.require('inventories').give('Trader', 'diamond', 2, { operationId: 'delivery-11-1' }), 'recorded again').to.equal(2);
  });

  it('forgets the records of operations older than a week when it connects', async function () {
    await start();
    const today = Math.floor(Date.now() / 86_400_000);
    const scores = standIn.scores.get('gatehouse_ops')!;
    scores.set('#gh00000000000000aa', 1).set('#gh00000000000000aaa', (today - 8) * 10_000 + 3);
    scores.set('#gh00000000000000bb', 1).set('#gh00000000000000bba', (today - 2) * 10_000 + 3);
    await restartAdapter();
    await eventually(() => (scores.size === 2 ? true : undefined), 15_000, `the old record reset (${logged.join('; ')})`);
    expect([...scores.keys()]).to.deep.equal(['#gh00000000000000bb', '#gh00000000000000bba']);
  });

  it('gathers a reply longer than 4,096 characters from its several packets', async function () {
    await start();
    await standIn.join('Hoarder');
    const items = Array.from({ length: 36 }, (_, slot) => `{Slot: ${slot}b, components: {"minecraft:custom_name": '${'x'.repeat(100)}'}, count: 1, id: "minecraft:stone"}`);
    standIn.scripted.set('data get entity Hoarder Inventory', `Hoarder has the following entity data: [${items.join(', ')}]`);
    const read = await adapter.require('inventories').read('Hoarder');
    expect(read).to.have.length(36);
    expect(read[35]).to.deep.equal({ slot: 35, item: 'stone', count: 1 });
  });

  it('shows boss bars to everyone, and again to a player who joins later', async function () {
    await start();
    await standIn.join('Early');
    const bars = adapter.require('bossBars');
    await bars.show({ id: 'gatehouse:restart', title: 'Server restart in 10s', progress: 0.5, color: 'red' });
    expect(standIn.bossBars.get('gatehouse:restart')).to.deep.include({ title: 'Server restart in 10s', value: 500, max: 1000, color: 'red', players: ['Early'] });
    await standIn.join('Late');
    await eventually(() => (standIn.bossBars.get('gatehouse:restart')!.players.includes('Late') ? true : undefined), 15_000, 'the bar for the late joiner');
    await bars.update({ id: 'gatehouse:restart', title: 'Server restart in 5s', progress: 0.25, color: 'red' });
    expect(standIn.bossBars.get('gatehouse:restart')).to.deep.include({ title: 'Server restart in 5s', value: 250 });
    await bars.remove('gatehouse:restart');
    expect(standIn.bossBars.has('gatehouse:restart')).to.equal(false);
  });

  it('applies the settings vanilla commands can change, and the PvP rule only from 1.21.9', async function () {
    await start({ version: '1.21.4' });
    const control = adapter.require('control');
    const applied = await control.applySettings({ difficulty: 'hard', defaultGameMode: 'creative', pvp: false, whitelistEnabled: true, motd: 'New', maxPlayers: 5 });
    expect(applied.sort()).to.deep.equal(['defaultGameMode', 'difficulty', 'whitelistEnabled']);
    expect([standIn.difficulty, standIn.defaultGameMode, standIn.whitelistOn]).to.deep.equal(['hard', 'creative', true]);
    expect(await control.readSettings!()).to.deep.include({ motd: 'A Vanilla Server', maxPlayers: 20 });
    await adapter.stop();
    await standIn.stop();
    await start({ version: '1.21.9' });
    expect(await adapter.require('control').applySettings({ pvp: false })).to.deep.equal(['pvp']);
    expect(standIn.pvp).to.equal(false);
  });

  it('answers 503-style errors while the server is away, and reconnects when it is back; a dropped command fails cleanly', async function () {
    await start();
    const events = seen();
    standIn.dropOn = 'list';
    expect(await adapter.onlinePlayers().catch((error) => error)).to.be.instanceOf(GameUnavailableError);
    await eventually(
      () => (events.some((event) => event.event === 'connection' && (event.payload as { connected: boolean }).connected === false) ? true : undefined),
      15_000,
      'the drop noticed',
    );
    await eventually(() => (adapter.isConnected() ? true : undefined), 5000, 'the adapter back');
    expect(await adapter.onlinePlayers()).to.deep.equal([]);
    const port = standIn.port;
    await standIn.stop();
    await eventually(() => (adapter.isConnected() ? undefined : true), 15_000, 'the server gone');
    expect(await adapter.onlinePlayers().catch((error) => error)).to.be.instanceOf(GameUnavailableError);
    standIn = await VanillaStandIn.start({ password, directory }, port);
    await eventually(() => (adapter.isConnected() ? true : undefined), 15_000, 'the adapter reconnected');
  });

  it('says clearly when the RCON password is refused', async function () {
    await start({ password: 'wrong-password' });
    expect(adapter.isConnected()).to.equal(false);
    expect(adapter.connectionProblem()).to.match(/RCON password was refused/);
    expect(logged.join('\n')).to.match(/ERROR rcon: the RCON password was refused/);
    expect(logged.join('\n')).to.not.include('wrong-password');
  });

  it('gives /register a code through /trigger register, polled once a second', async function () {
    await start();
    adapter.onCodeCommand('register', async (player) => `code for ${player.name} (${player.uuid})`);
    await standIn.join('Newbie');
    await eventually(() => (triggerEnabled(standIn.players.get('newbie')) ? true : undefined), 15_000, 'the trigger enabled');
    standIn.trigger('Newbie');
    await eventually(() => (standIn.told.get('Newbie')?.length ? true : undefined), 15_000, 'the code told');
    expect(standIn.told.get('Newbie')![0]).to.equal(`code for Newbie (${standIn.players.get('newbie')!.uuid})`);
    // The score is reset and the trigger enabled again, so the player can ask again later.
    expect(standIn.players.get('newbie')!.triggers.get('register')!.score).to.equal(0);
    expect(triggerEnabled(standIn.players.get('newbie'))).to.equal(true);
  });

  it('takes joins, leaves, operators and the allowlist from the management protocol (1.21.9+), and sets the MOTD and max players through it', async function () {
    await start({ version: '1.21.9', managementSecret });
    await eventually(() => (standIn.management!.calls.includes('minecraft:allowlist') ? true : undefined), 15_000, 'the lists read at connection');
    const events = seen();
    await standIn.join('Notified', '10.1.2.3');
    await eventually(() => (events.some((event) => event.event === 'join') ? true : undefined), 15_000, 'the join');
    // One join only, though the log says so too; with the address from the log's login line.
    await standIn.quit('Notified');
    await eventually(() => (events.some((event) => event.event === 'quit') ? true : undefined), 15_000, 'the quit');
    const joins = events.filter((event) => event.event === 'join');
    expect(joins).to.have.length(1);
    const join = joins[0]!.payload as GameEvents['join'][0];
    expect(join.ipAddress).to.equal('10.1.2.3');
    expect(join.player.name).to.equal('Notified');
    expect(join.player.uuid).to.match(/^[0-9a-f-]{36}$/);
    expect(events.filter((event) => event.event === 'quit')).to.have.length(1);
    // An operator made elsewhere (here straight in the server's memory, its ops.json untouched) is known from the notification.
    standIn.ops.set('remote', { id: 'uuid-of-remote', name: 'Remote' });
    standIn.management!.notify('operators/added', { player: { player: { id: 'uuid-of-remote', name: 'Remote' }, permissionLevel: 4, bypassesPlayerLimit: false } });
    await eventually(async () => ((await adapter.operators.isOperator('remote')) ? true : undefined), 15_000, 'the operator from the notification');
    standIn.management!.notify('allowlist/added', { player: { id: 'uuid-of-guest', name: 'Guest' } });
    await eventually(async () => ((await adapter.require('whitelist').isWhitelisted('guest')) ? true : undefined), 15_000, 'the allowlist entry from the notification');
    standIn.whitelistOn = true;
    expect(await adapter.require('whitelist').isEnabled(), 'use_allowlist asked of the server').to.equal(true);
    const applied = await adapter.require('control').applySettings({ motd: 'Managed', maxPlayers: 7 });
    expect(applied.sort()).to.deep.equal(['maxPlayers', 'motd']);
    expect([standIn.motd, standIn.maxPlayers]).to.deep.equal(['Managed', 7]);
    // A dropped connection is made again, and the lists read again.
    const reads = standIn.management!.calls.filter((call) => call === 'minecraft:operators').length;
    standIn.management!.disconnectAll();
    await eventually(() => (standIn.management!.calls.filter((call) => call === 'minecraft:operators').length > reads ? true : undefined), 5000, 'reconnected');
  });

  it('goes on over RCON and the log when the management secret is refused, and says why', async function () {
    await start({ version: '1.21.9', managementSecret, adapterManagementSecret: 'b'.repeat(40) });
    expect(adapter.isConnected()).to.equal(true);
    expect(adapter.connectionProblem()).to.match(/management protocol: the management secret was refused/);
    expect(logged.join('\n')).to.not.include('b'.repeat(40));
    const events = seen();
    await standIn.join('Logged', '10.4.4.4');
    await eventually(() => (events.some((event) => event.event === 'join') ? true : undefined), 15_000, 'the join from the log');
    expect(await adapter.require('control').applySettings({ motd: 'Not applied' })).to.deep.equal([]);
  });

  it('bans with the ban commands without the management protocol: reads the bans back from the ban files, and kicks with the kick command', async function () {
    await start({ version: '1.21.4' });
    const moderation = adapter.require('moderation');
    expect(moderation.setBanTexts, 'vanilla words its refusals itself').to.equal(undefined);
    const ban = { reason: 'griefing the spawn', source: 'Gatehouse (alice)', created: new Date().toISOString(), expires: null };
    await moderation.ban({ ...ban, player: { name: 'Outlaw', uuid: '' } });
    await moderation.ban({ ...ban, address: '203.0.113.9', reason: 'ban evasion' });
    expect(standIn.commands.filter((command) => /^(ban|pardon)/.test(command))).to.deep.equal([
      'pardon Outlaw',
      'ban Outlaw griefing the spawn',
      'pardon-ip 203.0.113.9',
      'ban-ip 203.0.113.9 ban evasion',
    ]);
    expect(await standIn.login('Outlaw')).to.equal('You are banned from this server.\nReason: griefing the spawn');
    expect(await standIn.login('Anyone', '203.0.113.9')).to.equal('Your IP address is banned from this server.\nReason: ban evasion');
    // From banned-players.json and banned-ips.json: the commands record RCON as who banned.
    const bans = await moderation.bans();
    expect(bans.map(({ created: _created, ...rest }) => rest)).to.deep.equal([
      { player: { name: 'Outlaw', uuid: bans[0]!.player!.uuid }, reason: 'griefing the spawn', source: 'Rcon', expires: null },
      { address: '203.0.113.9', reason: 'ban evasion', source: 'Rcon', expires: null },
    ]);
    // Again: the earlier ban is lifted first, so the new reason replaces it.
    await moderation.ban({ ...ban, player: { name: 'Outlaw', uuid: '' }, reason: 'still griefing' });
    expect(await standIn.login('Outlaw')).to.match(/Reason: still griefing$/);
    expect(await moderation.lift({ player: { name: 'Outlaw', uuid: '' } })).to.equal(true);
    expect(await moderation.lift({ player: { name: 'Outlaw', uuid: '' } })).to.equal(false);
    expect(await moderation.lift({ address: '203.0.113.9' })).to.equal(true);
    expect(await moderation.bans()).to.deep.equal([]);

    // Vanilla would read @a in a message as every player's name: a zero-width space keeps it text.
    await moderation.ban({ ...ban, player: { name: 'Pinger', uuid: '' }, reason: 'pinged @a all day' });
    expect(commandsBesidesPoll(standIn).at(-1)).to.equal('ban Pinger pinged @\u200ba all day');
    await moderation.lift({ player: { name: 'Pinger', uuid: '' } });

    await standIn.join('Kickee');
    await moderation.kick('Kickee', '§cKicked: spamming the chat');
    expect(commandsBesidesPoll(standIn).at(-1)).to.equal('kick Kickee Kicked: spamming the chat');
    expect(standIn.kicked.get('Kickee')).to.equal('Kicked: spamming the chat');
    expect(await moderation.kick('Kickee', 'again').catch((error: Error) => error)).to.be.instanceOf(PlayerNotOnlineError);
  });

  it('cannot read its bans without the management protocol or the server directory, and says how to', async function () {
    standIn = await VanillaStandIn.start({ password, directory });
    adapter = new RconGameAdapter({
      host: '127.0.0.1',
      port: standIn.port,
      password,
      serverDirectory: '',
      logFile: standIn.logFile,
      requestTimeoutMs: 2000,
      log: () => undefined,
      logError: () => undefined,
      logPollMs: 50,
      firstBackoffMs: 50,
    });
    await adapter.start();
    const refusal = await adapter
      .require('moderation')
      .bans()
      .catch((error: Error) => error);
    expect((refusal as Error).message).to.match(/management protocol or its ban files \(set game\.rcon\.server-directory\)/);
  });

  it('restarts by kicking everyone, saving and stopping the server', async function () {
    await start();
    await standIn.join('Stayer');
    const control = adapter.require('control');
    expect(control.startsAgainByItself).to.equal(false);
    await control.restart('Back in a minute');
    expect(commandsBesidesPoll(standIn).slice(-3)).to.deep.equal(['kick @a Back in a minute', 'save-all flush', 'stop']);
    expect(standIn.stopped).to.equal(true);
  });
});

describe('Gatehouse on a vanilla server over RCON (stand-in)', function () {
  let directory: string;
  let standIn: VanillaStandIn;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-vanilla-api-');
  });
  afterEach(async function () {
    await standIn.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('registers a player through /trigger register, makes an operator an admin, and teleports over the API', async function () {
    standIn = await VanillaStandIn.start({ password, directory });
    const server = await startTestGatehouse((config) => {
      standIn.connect(config);
    });
    try {
      expect((await api(server.baseUrl, 'GET', '/api/health')).body.game).to.deep.equal({ connected: true, adapter: 'rcon' });
      await standIn.join('Vanya');
      await eventually(() => (triggerEnabled(standIn.players.get('vanya')) ? true : undefined), 15_000, 'the trigger enabled');
      expect(await server.gatehouse.services.get('reminders').remindDue()).to.deep.equal(['Vanya']);
      expect(standIn.told.get('Vanya')).to.deep.equal(['§eYou have no web account yet. Type §f/trigger register§e to get a code and create one.']);
      standIn.trigger('Vanya');
      const told = await eventually(() => standIn.told.get('Vanya')?.[1], 4000, 'the code');
      const code = /registration code: §f§l([A-Z0-9]{8})/.exec(told)![1]!;
      // The portal's address, a link (tellraw's click event) that opens it with the code filled in.
      expect(told).to.contain(`${server.baseUrl}/register`);
      expect(standIn.toldLinks.get('Vanya')).to.deep.equal([`${server.baseUrl}/register?code=${code}`]);
      expect((await api(server.baseUrl, 'POST', '/api/auth/register', { body: { code, username: 'vanya', password: 'password1', email: 'v@example.com' } })).status).to.equal(201);
      const token = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'vanya', password: 'password1' } })).body.token as string;
      expect((await api(server.baseUrl, 'GET', '/api/admin/settings', { token })).status).to.equal(403);
      standIn.ops.set('vanya', { id: standIn.players.get('vanya')!.uuid, name: 'Vanya' });
      standIn.saveFiles();
      expect((await api(server.baseUrl, 'GET', '/api/admin/settings', { token })).status).to.equal(200);
      const moved = await api(server.baseUrl, 'POST', '/api/admin/teleport-coordinates', { token, body: { player: 'Vanya', world: 'world_the_end', x: 1, y: 60, z: 2 } });
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      expect(moved.body.location).to.deep.include({ world: 'world_the_end', x: 1, z: 2 });
      const connections = await api(server.baseUrl, 'GET', '/api/admin/connections', { token });
      expect(connections.body.connections[0]).to.deep.include({ username: 'Vanya', action: 'LOGIN', ipAddress: '127.0.0.1' });
      const restart = await api(server.baseUrl, 'POST', '/api/admin/restart', { token, body: { delay: 3600 } });
      expect(restart.body.message).to.match(/service manager must start it again/);
    } finally {
      await server.stop();
    }
  });

  it('shows a refused password in /api/health', async function () {
    standIn = await VanillaStandIn.start({ password, directory });
    const server = await startTestGatehouse((config) => {
      config.game.connection = 'rcon';
      config.game.rcon = {
        host: '127.0.0.1',
        port: standIn.port,
        password: 'not-it',
        serverDirectory: '',
        logFile: '',
        requestTimeoutMs: 2000,
        managementUrl: '',
        managementSecret: '',
      };
    });
    try {
      const health = await api(server.baseUrl, 'GET', '/api/health');
      expect(health.body.status).to.equal('degraded');
      expect(health.body.game).to.deep.equal({ connected: false, adapter: 'rcon', problem: 'the RCON password was refused (rcon.password in server.properties)' });
    } finally {
      await server.stop();
    }
  });
});
