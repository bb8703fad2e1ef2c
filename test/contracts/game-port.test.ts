/**
 * The game port's contract. Every game adapter runs this suite through a
 * fixture that can make players join, type and leave: the embedded server,
 * with mineflayer bots as real 1.21.4 clients, the bridge adapter
 * connected to the real plugin jar inside the JVM harness (a fake Paper
 * server, bridge/test/harness/), whose players the harness plays, and the
 * RCON adapter against the stand-in vanilla server (test/helpers/
 * vanilla-stand-in.ts: no vanilla server can run here), with the
 * management protocol on. A test of a capability or an event an adapter does
 * not declare is skipped for it, and says so.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { RconGameAdapter } from '../../src/game/rcon/adapter.js';
import { PlayerNotOnlineError, type Capability, type GameEventName, type GameEvents, type GamePort } from '../../src/game/port.js';
import { eventually, joinBot, leave, nextChat, refusedJoin } from '../helpers/bots.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';
import { VanillaStandIn } from '../helpers/vanilla-stand-in.js';

interface ConnectedPlayer {
  /** Types a chat line or a command (with its slash). */
  type(line: string): void;
  /** Resolves with the next chat text matching `pattern`. */
  nextMessage(pattern: RegExp): Promise<string>;
  /** Where the client believes it is. */
  position(): Promise<{ x: number; y: number; z: number }>;
  /** Boss bar titles the client shows now. */
  bossBarTitles(): Promise<string[]>;
  /** Resolves when the server ends the connection, with the reason it gave. */
  disconnected(): Promise<string>;
  leave(): Promise<void>;
}

interface GameFixture {
  game: GamePort;
  join(name: string): Promise<ConnectedPlayer>;
  /** Resolves with the reason shown to a player whose login is refused. */
  refusedJoin(name: string): Promise<string>;
  /** Whether the server refuses a second login with a name already online (vanilla kicks the first instead). */
  refusesSecondLogin: boolean;
  dispose(): Promise<void>;
}

const fixtures: Record<string, () => Promise<GameFixture>> = {
  'embedded server': async () => {
    const directory = await temporaryDirectory('gatehouse-game-');
    const game = new EmbeddedGameServer({
      host: '127.0.0.1',
      port: 0,
      motd: 'contract',
      maxPlayers: 3,
      viewDistance: 2,
      dataDirectory: directory,
      log: () => undefined,
    });
    await game.start();
    const bots: Bot[] = [];
    return {
      game,
      join: async (name) => {
        const bot = await joinBot(game.port, name);
        bots.push(bot);
        const kicked = new Promise<string>((resolve) => bot.once('kicked', (reason: unknown) => resolve(JSON.stringify(reason))));
        return {
          type: (line) => bot.chat(line),
          nextMessage: async (pattern) => (await nextChat(bot, pattern))[0],
          position: async () => bot.entity.position,
          bossBarTitles: async () => (bot as unknown as { bossBars: Array<{ title: unknown }> }).bossBars.map((bar) => String(bar.title)),
          disconnected: () => kicked,
          leave: () => leave(bot),
        };
      },
      refusedJoin: (name) => refusedJoin(game.port, name),
      refusesSecondLogin: true,
      dispose: async () => {
        await Promise.all(bots.map((bot) => leave(bot)));
        await game.stop();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },

  'bridge plugin in the JVM harness': async () => {
    const directory = await temporaryDirectory('gatehouse-harness-');
    const token = 'contract-token';
    const game = new BridgeGameAdapter({ host: '127.0.0.1', port: 0, token, requestTimeoutMs: 5000, sidecarName: 'contract', log: () => undefined, logError: () => undefined });
    await game.start();
    const harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(game.port, token) });
    await eventually(() => (game.isConnected() ? true : undefined), 10000, 'the plugin to connect');
    const refusedJoin = async (name: string) => {
      const answer = await harness.request<{ refused?: string }>('join', { name });
      if (answer.refused === undefined) throw new Error(`${name} was let in`);
      return answer.refused;
    };
    return {
      game,
      join: async (name) => {
        const answer = await harness.request<{ refused?: string }>('join', { name });
        if (answer.refused !== undefined) throw new Error(`${name} was refused: ${answer.refused}`);
        const state = () => harness.player(name);
        return {
          type: (line) => void harness.request('command', { name, line }),
          nextMessage: (pattern) => eventually(async () => (await state()).messages?.find((message) => pattern.test(message)), 5000, `a message matching ${pattern}`),
          position: async () => (await state()).location!,
          bossBarTitles: async () => (await state()).bossBars ?? [],
          disconnected: () => eventually(async () => (await state()).kickedWith ?? undefined, 10000, 'the kick'),
          leave: async () => void (await harness.request('quit', { name })),
        };
      },
      refusedJoin,
      refusesSecondLogin: true,
      dispose: async () => {
        const { offMainThread } = await harness.request<{ offMainThread: string[] }>('calls');
        await harness.stop();
        await game.stop();
        await rm(directory, { recursive: true, force: true });
        expect(offMainThread, 'Bukkit calls the plugin made off the main thread').to.deep.equal([]);
      },
    };
  },

  'RCON adapter and a stand-in vanilla server': async () => {
    const directory = await temporaryDirectory('gatehouse-vanilla-');
    const options = { password: 'contract-rcon', directory, version: '1.21.9', managementSecret: 'c'.repeat(40) };
    let server = await VanillaStandIn.start(options);
    // What a service manager does: the server that stopped is started again (on the same ports).
    const restartWhenStopped = () => {
      server.onStop = () =>
        void (async () => {
          const stopped = server;
          const ports = [stopped.port, stopped.management!.port] as const;
          await stopped.stop();
          server = await VanillaStandIn.start(options, ...ports);
          restartWhenStopped();
        })().catch((error: Error) => console.error(`the stand-in did not start again: ${error.stack}`));
    };
    restartWhenStopped();
    const game = new RconGameAdapter({
      host: '127.0.0.1',
      port: server.port,
      password: options.password,
      serverDirectory: directory,
      logFile: server.logFile,
      requestTimeoutMs: 2000,
      managementUrl: server.management!.url,
      managementSecret: options.managementSecret,
      log: () => undefined,
      logError: () => undefined,
      logPollMs: 50,
      firstBackoffMs: 50,
    });
    await game.start();
    const refusedJoin = async (name: string) => {
      const refused = await server.login(name);
      if (refused === undefined) throw new Error(`${name} was let in`);
      return refused;
    };
    return {
      game,
      join: async (name) => {
        const refused = await server.login(name);
        if (refused !== undefined) throw new Error(`${name} was refused: ${refused}`);
        const player = () => server.players.get(name.toLowerCase());
        const joinedTo = server;
        // Vanilla lets a player use /trigger once the trigger is enabled for them, which the adapter does at their join.
        await eventually(() => (player()?.registerEnabled ? true : undefined), 5000, `/trigger register enabled for ${name}`);
        return {
          type: (line) => {
            if (line === '/trigger register') server.trigger(name);
            else throw new Error(`a vanilla server without plugins has no ${line}`);
          },
          nextMessage: (pattern) => eventually(() => server.told.get(name)?.find((message) => pattern.test(message)), 5000, `a message matching ${pattern}`),
          position: async () => {
            const [x, y, z] = player()!.pos;
            return { x, y, z };
          },
          bossBarTitles: async () => [...server.bossBars.values()].filter((bar) => bar.players.includes(name)).map((bar) => bar.title),
          disconnected: () => eventually(() => joinedTo.kicked.get(name), 10000, 'the kick'),
          leave: () => server.quit(name),
        };
      },
      refusedJoin,
      refusesSecondLogin: false,
      dispose: async () => {
        server.onStop = undefined;
        await game.stop();
        await server.stop();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
};

/** Skips the test for an adapter that does not declare what it is about. */
function needs(context: Mocha.Context, game: GamePort, what: { capability?: Capability; event?: GameEventName }): void {
  if (what.capability && !game.capability(what.capability)) context.skip();
  if (what.event && !game.emits.has(what.event)) context.skip();
}

function recordEvents(game: GamePort) {
  const seen: Array<{ event: keyof GameEvents; payload: unknown }> = [];
  for (const event of ['join', 'quit', 'loginRefused', 'connection'] as const) {
    game.events.on(event, (payload: unknown) => seen.push({ event, payload }));
  }
  return seen;
}

for (const [name, makeFixture] of Object.entries(fixtures)) {
  describe(`game port contract: ${name}`, function () {
    let fixture: GameFixture;
    let events: ReturnType<typeof recordEvents>;
    beforeEach(async function () {
      fixture = await makeFixture();
      events = recordEvents(fixture.game);
    });
    afterEach(async function () {
      await fixture.dispose();
    });

    it('is connected once started, with no players online', async function () {
      expect(fixture.game.isConnected()).to.equal(true);
      expect(await fixture.game.onlinePlayers()).to.deep.equal([]);
    });

    it('announces join and quit with the player and address, and lists the player while online', async function () {
      needs(this, fixture.game, { event: 'join' });
      const player = await fixture.join('Joiner');
      const join = await eventually(() => events.find((seen) => seen.event === 'join'), 5000, 'join event');
      expect(join.payload).to.deep.include({ ipAddress: '127.0.0.1' });
      expect((join.payload as GameEvents['join'][0]).player.name).to.equal('Joiner');
      expect((join.payload as GameEvents['join'][0]).player.uuid).to.match(/^[0-9a-f-]{36}$/);

      const online = await fixture.game.onlinePlayers();
      expect(online.map((p) => p.name)).to.deep.equal(['Joiner']);
      expect(online[0]!.location.world).to.equal('world');
      expect(online[0]!.location.y).to.be.a('number');
      expect(online[0]!.gameMode).to.equal('survival');

      await player.leave();
      const quit = await eventually(() => events.find((seen) => seen.event === 'quit'), 5000, 'quit event');
      const { player: joined, ipAddress } = join.payload as GameEvents['join'][0];
      expect(quit.payload).to.deep.equal({ player: joined, ipAddress });
      expect(await fixture.game.onlinePlayers()).to.deep.equal([]);
    });

    it('refuses a second login with the same name, with a reason, and reports it', async function () {
      if (!fixture.refusesSecondLogin) this.skip();
      needs(this, fixture.game, { event: 'loginRefused' });
      await fixture.join('Twin');
      expect(await fixture.refusedJoin('twin')).to.match(/already connected/);
      const refused = await eventually(() => events.find((seen) => seen.event === 'loginRefused'), 5000, 'loginRefused event');
      expect(refused.payload).to.deep.include({ name: 'twin', ipAddress: '127.0.0.1' });
      expect(events.filter((seen) => seen.event === 'join')).to.have.length(1);
    });

    it('keeps operators: grant, check in any letter case, list, remove', async function () {
      const { operators } = fixture.game;
      expect(await operators.isOperator('Boss')).to.equal(false);
      expect(await operators.setOperator('Boss', true)).to.equal(true);
      expect(await operators.setOperator('boss', true)).to.equal(false);
      expect(await operators.isOperator('BOSS')).to.equal(true);
      expect((await operators.list()).map((op) => op.name)).to.deep.equal(['Boss']);
      expect(await operators.setOperator('Boss', false)).to.equal(true);
      expect(await operators.isOperator('Boss')).to.equal(false);
    });

    it('gives /register the answer of the registered handler', async function () {
      fixture.game.onRegisterCommand(async (player) => `code for ${player.name}: ABCD2345`);
      const player = await fixture.join('Newbie');
      const reply = player.nextMessage(/code for Newbie: ABCD2345/);
      player.type(fixture.game.registerCommand);
      expect(await reply).to.equal('code for Newbie: ABCD2345');
    });

    it('answers /register with an apology, and stays up, when the handler fails', async function () {
      fixture.game.onRegisterCommand(async () => {
        throw new Error('storage down');
      });
      const player = await fixture.join('Unlucky');
      const reply = player.nextMessage(/went wrong/);
      player.type(fixture.game.registerCommand);
      await reply;
      expect(fixture.game.isConnected()).to.equal(true);
    });

    it('delivers a message to an online player and refuses one to an offline player', async function () {
      needs(this, fixture.game, { capability: 'messaging' });
      const player = await fixture.join('Reader');
      const received = player.nextMessage(/hello from the API/);
      await fixture.game.require('messaging').sendMessage('reader', 'hello from the API');
      await received;
      const offline = await fixture.game.require('messaging').sendMessage('Ghost', 'anyone?').catch((error) => error);
      expect(offline).to.be.instanceOf(PlayerNotOnlineError);
    });

    it('enforces the whitelist when enabled, letting listed players and operators in', async function () {
      needs(this, fixture.game, { capability: 'whitelist' });
      const whitelist = fixture.game.require('whitelist');
      await whitelist.setEnabled(true);
      expect(await whitelist.add('Listed')).to.equal(true);
      expect(await whitelist.isWhitelisted('listed')).to.equal(true);
      await fixture.game.operators.setOperator('Chief', true);

      expect(await fixture.refusedJoin('Stranger')).to.match(/not white-listed/);
      const listed = await fixture.join('Listed');
      const chief = await fixture.join('Chief');
      await listed.leave();
      await chief.leave();

      expect(await whitelist.remove('Listed')).to.equal(true);
      expect(await fixture.refusedJoin('Listed')).to.match(/not white-listed/);
      await whitelist.setEnabled(false);
      await (await fixture.join('Stranger')).leave();
    });

    it('teleports a player to coordinates and to another player, across worlds', async function () {
      needs(this, fixture.game, { capability: 'teleports' });
      const teleports = fixture.game.require('teleports');
      expect(await teleports.worlds()).to.include.members(['world', 'world_nether', 'world_the_end']);
      const walker = await fixture.join('Walker');
      await fixture.join('Anchor');
      const arrived = await teleports.teleportToLocation('walker', { world: 'world', x: 50.5, y: 6, z: 50.5, yaw: 180, pitch: 10 });
      expect(arrived.to).to.deep.include({ world: 'world', x: 50.5, y: 6, z: 50.5 });
      expect(arrived.from.world).to.equal('world');
      await eventually(async () => (Math.abs((await walker.position()).x - 50.5) < 0.01 ? true : undefined), 5000, 'the client at x 50.5');

      const nether = await teleports.teleportToLocation('Walker', { world: 'world_nether', x: 4, y: 10, z: 4 });
      expect(nether.to.world).to.equal('world_nether');
      expect(nether.from).to.deep.include({ world: 'world', x: 50.5, z: 50.5 });
      const joined = await teleports.teleportToPlayer('Anchor', 'Walker');
      expect(joined.to.world).to.equal('world_nether');
      expect(joined.from.world).to.equal('world');
      const online = await fixture.game.onlinePlayers();
      expect(online.map((player) => player.location.world).sort()).to.deep.equal(['world_nether', 'world_nether']);
      const offline = await teleports.teleportToPlayer('Walker', 'Nobody').catch((error: Error) => error);
      expect(offline).to.be.instanceOf(PlayerNotOnlineError);
    });

    it('shows boss bars to players online and to players who join later, until removed', async function () {
      needs(this, fixture.game, { capability: 'bossBars' });
      const bars = fixture.game.require('bossBars');
      const early = await fixture.join('EarlyBird');
      await bars.show({ id: 'test:bar', title: 'Contract bar', progress: 1, color: 'red' });
      await eventually(async () => ((await early.bossBarTitles()).includes('Contract bar') ? true : undefined), 5000, 'the bar for the early player');
      await bars.update({ id: 'test:bar', title: 'Contract bar, later', progress: 0.5, color: 'red' });
      const late = await fixture.join('LateBird');
      await eventually(async () => ((await late.bossBarTitles()).includes('Contract bar, later') ? true : undefined), 5000, 'the bar for the late player');
      await bars.remove('test:bar');
      await eventually(async () => ((await early.bossBarTitles()).length + (await late.bossBarTitles()).length === 0 ? true : undefined), 5000, 'the bar gone');
    });

    it('applies live settings and says which it applied', async function () {
      needs(this, fixture.game, { capability: 'control' });
      const applied = await fixture.game.require('control').applySettings({ motd: 'Contract MOTD', maxPlayers: 1, difficulty: 'hard', defaultGameMode: 'creative', pvp: false, whitelistEnabled: false });
      expect(applied.sort()).to.deep.equal(['defaultGameMode', 'difficulty', 'maxPlayers', 'motd', 'pvp', 'whitelistEnabled']);
      await fixture.join('OnlyOne');
      expect((await fixture.game.onlinePlayers())[0]!.gameMode, 'a new player gets the default game mode').to.equal('creative');
      expect(await fixture.refusedJoin('SecondOne')).to.match(/full/);
    });

    it('restarts the game server: players are told why, and can join again', async function () {
      needs(this, fixture.game, { capability: 'control', event: 'connection' });
      const player = await fixture.join('Restartee');
      const gone = player.disconnected();
      await fixture.game.require('control').restart('Contract restart');
      expect(await gone).to.contain('Contract restart');
      // The embedded server is back when restart() resolves; a Paper server goes down after answering, then its plugin reconnects.
      const links = () => events.filter((seen) => seen.event === 'connection').map((seen) => (seen.payload as { connected: boolean }).connected);
      await eventually(() => (links().length === 2 && fixture.game.isConnected() ? true : undefined), 15000, 'the game back after the restart');
      expect(links()).to.deep.equal([false, true]);
      await fixture.join('Restartee');
    });
  });
}
