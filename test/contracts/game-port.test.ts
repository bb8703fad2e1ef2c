/**
 * The game port's contract. Every game adapter runs this suite through a
 * fixture that can make players join, type, work and leave: the embedded
 * server, with mineflayer bots as real 1.21.4 clients, the bridge adapter
 * connected to the real plugin jar inside the JVM harness (a fake Paper
 * server, bridge/test/harness/), whose players the harness plays, and the
 * RCON adapter against the stand-in vanilla server (test/helpers/
 * vanilla-stand-in.ts: no vanilla server can run here), with the management
 * protocol on.
 *
 * An adapter is held only to what it declares: a test of a capability it does
 * not offer, or of an event it does not list in `emits`, is skipped, so an
 * adapter that can do less (RCON has no events) proves itself on the rest.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { RconGameAdapter } from '../../src/game/rcon/adapter.js';
import { squidRequire, type SquidItemConstructor, type SquidPlayer } from '../../src/game/embedded/flying-squid.js';
import {
  CapabilityMissingError,
  capabilityNames,
  PlayerNotOnlineError,
  UnknownItemError,
  type Capability,
  type GameEventName,
  type GameEvents,
  type GameMode,
  type GamePort,
  type ItemStack,
} from '../../src/game/port.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { eventually, joinBot, leave, nextChat, refusedJoin } from '../helpers/bots.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';
import { triggerEnabled, VanillaStandIn } from '../helpers/vanilla-stand-in.js';

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
  /** Breaks a block beside the player, as the player; resolves with the block's id once the game has handled it. `vetoed`: a plugin cancels it. */
  breakBlock(options?: { vetoed?: boolean }): Promise<string>;
  /** Places a block of this id beside the player, as the player, and resolves once the game has handled it. */
  placeBlock(block: string, options?: { vetoed?: boolean }): Promise<void>;
  /** The player kills a mob of this type (`zombie`). */
  kill(entity: string): Promise<void>;
  /** What the player's client shows in its inventory, by vanilla slot; absent where the fixture has no client. */
  clientInventory?(): Promise<ItemStack[]>;
  leave(): Promise<void>;
}

interface GameFixture {
  game: GamePort;
  join(name: string): Promise<ConnectedPlayer>;
  /** Resolves with the reason shown to a player whose login is refused. */
  refusedJoin(name: string): Promise<string>;
  /** Whether the server refuses a second login with a name already online (vanilla kicks the first instead). */
  refusesSecondLogin: boolean;
  /** Puts an online player in a game mode, as the game's own /gamemode would. */
  setGameMode(name: string, gameMode: GameMode): Promise<void>;
  /** The work the fixture can have a plugin of the game cancel. */
  vetoes: ReadonlySet<'dig' | 'placement'>;
  /** Bans a player as the game's own console does (vanilla's `ban <player> <reason>`), not through the port. */
  consoleBan(name: string, reason: string): Promise<void>;
  /** Whether the game saves its worlds by itself now, and how many saves that waited for the chunk writer (a flush) it made. */
  saving(): Promise<{ automatic: boolean; flushedSaves: number }>;
  dispose(): Promise<void>;
}

/** Blocks around a bot's feet level, two away so that neither digging nor placing touches the block it stands on. */
const besideOffsets = [
  [2, 0],
  [-2, 0],
  [0, 2],
  [0, -2],
  [2, 2],
  [-2, -2],
  [2, -2],
  [-2, 2],
] as const;

/** A solid ground block beside the bot with air above it: one to dig, or to place on. */
function groundBeside(bot: Bot) {
  for (const [dx, dz] of besideOffsets) {
    const ground = bot.blockAt(bot.entity.position.offset(dx, -1, dz));
    const above = bot.blockAt(bot.entity.position.offset(dx, 0, dz));
    if (ground && ground.name !== 'air' && ground.name !== 'bedrock' && above?.name === 'air') return ground;
  }
  throw new Error('no ground beside the bot to work on');
}

/** Vanilla slot numbers from mineflayer's own idea of its inventory window (not the adapter's conversion). */
function vanillaInventoryOf(bot: Bot): ItemStack[] {
  const window = bot.inventory;
  const armour = ['feet', 'legs', 'torso', 'head'].map((part) => bot.getEquipmentDestSlot(part));
  const offHand = bot.getEquipmentDestSlot('off-hand');
  const vanillaSlot = (slot: number) => {
    if (slot >= window.hotbarStart && slot < window.hotbarStart + 9) return slot - window.hotbarStart;
    if (armour.includes(slot)) return 36 + armour.indexOf(slot);
    if (slot === offHand) return 40;
    return slot;
  };
  return window.slots
    .flatMap((item, slot) => (item && (slot >= window.inventoryStart || armour.includes(slot)) ? [{ item: item.name, count: item.count, slot: vanillaSlot(slot) }] : []))
    .sort((a, b) => a.slot - b.slot);
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
    // Counted where the world's queued chunks are written and waited for.
    let embeddedFlushes = 0;
    const overworld = game.flyingSquid()!.overworld;
    const saveNow = overworld.saveNow.bind(overworld);
    overworld.saveNow = async () => {
      await saveNow();
      embeddedFlushes += 1;
    };
    const bots: Bot[] = [];
    const serverSide = (name: string): SquidPlayer => game.flyingSquid()!.players.find((player) => player.username === name)!;
    /** Resolves once flying-squid has handled a dig of this player (completed or vetoed). */
    const digHandled = (player: SquidPlayer) =>
      new Promise<void>((resolve) => {
        const onDug = () => {
          player.off('dug', onDug);
          resolve();
        };
        player.on('dug', onDug);
      });
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
          breakBlock: async ({ vetoed = false } = {}) => {
            const player = serverSide(name);
            // Digging in the air takes a client five times as long: a bot just spawned may not have landed yet.
            await eventually(() => (bot.entity.onGround ? true : undefined), 5000, `${name} on the ground`);
            const block = groundBeside(bot);
            // How a flying-squid plugin vetoes a dig.
            const veto = (_dig: unknown, cancel: () => void) => cancel();
            if (vetoed) player.on('dug_cancel', veto);
            const handled = digHandled(player);
            try {
              await bot.dig(block, true);
              await handled;
            } finally {
              player.off('dug_cancel', veto);
            }
            return block.name;
          },
          placeBlock: async (blockId, { vetoed = false } = {}) => {
            if (vetoed) throw new Error('flying-squid has no way to veto a placement');
            const player = serverSide(name);
            const Item = squidRequire<(registry: unknown) => SquidItemConstructor>('prismarine-item')(game.flyingSquid()!.registry);
            player.inventory.updateSlot(36 + player.heldItemSlot, new Item(game.flyingSquid()!.registry.itemsByName[blockId]!.id, 1));
            await eventually(() => (bot.heldItem?.name === blockId ? true : undefined), 5000, `${blockId} in hand`);
            const ground = groundBeside(bot);
            await bot.placeBlock(ground, ground.position.minus(ground.position).offset(0, 1, 0));
          },
          kill: async (entity) => {
            const serv = game.flyingSquid()!;
            const type = serv.registry.entitiesByName[entity]!;
            // flying-squid 1.12's spawnMob knows only a few mob types on 1.21.4 (see the reference); it is taught this one.
            serv.registry.mobs[type.id] = type;
            const mob = serv.spawnMob(type.id, serverSide(name).world, bot.entity.position.offset(1.5, 0, 0));
            const seen = await eventually(() => bot.entities[mob.id], 5000, `the ${entity} in sight`);
            // A hit takes 1 of a mob's 20 health.
            for (let hit = 0; hit < 40 && mob.health > 0; hit++) {
              bot.attack(seen);
              await new Promise((resolve) => setTimeout(resolve, 25));
            }
            expect(mob.health, `the ${entity}'s health after the hits`).to.be.at.most(0);
          },
          clientInventory: async () => vanillaInventoryOf(bot),
          leave: () => leave(bot),
        };
      },
      refusedJoin: (name) => refusedJoin(game.port, name),
      refusesSecondLogin: true,
      setGameMode: async (name, gameMode) => {
        expect(await game.require('console').run(`gamemode ${gameMode} ${name}`)).to.match(/game mode to/);
      },
      vetoes: new Set(['dig']),
      consoleBan: async (name, reason) => {
        expect(await game.require('console').run(`ban ${name} ${reason}`)).to.match(/^Banned/);
      },
      saving: async () => {
        const world = game.flyingSquid()!.overworld as unknown as { savingInt?: { _destroyed?: boolean }; savingQueue: Map<unknown, unknown> };
        // The save timer (prismarine-world's setInterval) runs until stopSaving clears it; a flush leaves no changed chunk queued.
        return { automatic: world.savingInt?._destroyed === false, flushedSaves: embeddedFlushes };
      },
      dispose: async () => {
        await Promise.all(bots.map((bot) => leave(bot)));
        await game.stop();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },

  'bridge plugin in the JVM harness': async () => {
    const directory = await temporaryDirectory('gatehouse-harness-');
    const token = 'contract-token-for-tests-0123456789abcdef';
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
          breakBlock: async ({ vetoed = false } = {}) => {
            await harness.request('breakBlock', { name, block: 'stone', cancelled: vetoed });
            return 'stone';
          },
          placeBlock: async (block, { vetoed = false } = {}) => void (await harness.request('placeBlock', { name, block, cancelled: vetoed })),
          kill: async (entity) => void (await harness.request('kill', { name, entity })),
          leave: async () => void (await harness.request('quit', { name })),
        };
      },
      refusedJoin,
      refusesSecondLogin: true,
      setGameMode: async (name, gameMode) => void (await harness.request('gameMode', { name, gameMode })),
      vetoes: new Set(['dig', 'placement']),
      consoleBan: async (name, reason) => void (await harness.request('consoleBan', { name, reason })),
      saving: async () => {
        const { worlds } = await harness.request<{ worlds: Record<string, { autoSave: boolean; saves: number; lastSaveFlushed: boolean }> }>('state');
        const world = worlds.world!;
        return { automatic: world.autoSave, flushedSaves: world.lastSaveFlushed ? world.saves : 0 };
      },
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
        await eventually(() => (triggerEnabled(player()) ? true : undefined), 5000, `/trigger register enabled for ${name}`);
        return {
          type: (line) => {
            const trigger = /^\/trigger (\w+)$/.exec(line);
            if (trigger) server.trigger(name, trigger[1]);
            else throw new Error(`a vanilla server without plugins has no ${line}`);
          },
          nextMessage: (pattern) => eventually(() => server.told.get(name)?.find((message) => pattern.test(message)), 5000, `a message matching ${pattern}`),
          position: async () => {
            const [x, y, z] = player()!.pos;
            return { x, y, z };
          },
          bossBarTitles: async () => [...server.bossBars.values()].filter((bar) => bar.players.includes(name)).map((bar) => bar.title),
          disconnected: () => eventually(() => joinedTo.kicked.get(name), 10000, 'the kick'),
          // Vanilla's log tells no work: the adapter declares no work events, and these tests are skipped.
          breakBlock: () => Promise.reject(new Error('no work events over RCON')),
          placeBlock: () => Promise.reject(new Error('no work events over RCON')),
          kill: () => Promise.reject(new Error('no work events over RCON')),
          leave: () => server.quit(name),
        };
      },
      refusedJoin,
      refusesSecondLogin: false,
      setGameMode: async (name, gameMode) => {
        server.players.get(name.toLowerCase())!.gameType = ['survival', 'creative', 'adventure', 'spectator'].indexOf(gameMode);
      },
      vetoes: new Set(),
      consoleBan: async (name, reason) => {
        expect(await server.console(`ban ${name} ${reason}`)).to.match(/^Banned/);
      },
      saving: async () => ({ automatic: server.autoSave, flushedSaves: server.flushedSaves }),
      dispose: async () => {
        server.onStop = undefined;
        await game.stop();
        await server.stop();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
};

/** Every event of the port: a new one added to GameEvents must be added here (the compiler says so). */
const everyEvent: Record<GameEventName, true> = { join: true, quit: true, loginRefused: true, blockBroken: true, blockPlaced: true, entityKilled: true, connection: true };
const eventNames = Object.keys(everyEvent) as GameEventName[];

function recordEvents(game: GamePort) {
  const seen: Array<{ event: GameEventName; payload: unknown }> = [];
  for (const event of eventNames) {
    game.events.on(event, (payload: unknown) => seen.push({ event, payload }));
  }
  return seen;
}

/**
 * What each fixture's adapter declares, pinned here rather than read from the
 * adapter under test: a case is skipped only where its fixture's pin leaves
 * out what it needs. An adapter that stops declaring a capability or an event
 * (an RCON adapter whose join events vanish, say) fails the pinning case below
 * and the cases that need it, instead of turning them into silent skips.
 */
const pinned: Record<string, { capabilities: Capability[]; events: GameEventName[] }> = {
  'embedded server': {
    capabilities: ['whitelist', 'messaging', 'teleports', 'bossBars', 'inventories', 'control', 'console', 'performance', 'moderation', 'saves'],
    events: ['join', 'quit', 'loginRefused', 'blockBroken', 'blockPlaced', 'entityKilled', 'connection'],
  },
  // No console: the plugin passes no console commands. Economy is the server's Vault, which the harness starts without.
  'bridge plugin in the JVM harness': {
    capabilities: ['whitelist', 'messaging', 'teleports', 'bossBars', 'inventories', 'control', 'performance', 'moderation', 'saves'],
    events: ['join', 'quit', 'loginRefused', 'blockBroken', 'blockPlaced', 'entityKilled', 'connection'],
  },
  // Vanilla's log tells joins, quits and refused logins, but no block or kill; RCON has no tick or memory figures; saves since the server's directory is set.
  'RCON adapter and a stand-in vanilla server': {
    capabilities: ['whitelist', 'messaging', 'teleports', 'bossBars', 'inventories', 'control', 'moderation', 'saves'],
    events: ['join', 'quit', 'loginRefused', 'connection'],
  },
};

/** What an adapter declares now: its capabilities and the events it emits, each in a fixed order. */
function declarations(game: GamePort): { capabilities: Capability[]; events: GameEventName[] } {
  return {
    capabilities: capabilityNames.filter((capability) => game.capability(capability) !== undefined),
    events: eventNames.filter((event) => game.emits.has(event)),
  };
}

/** Skips the running test unless the fixture's pin lists every one of these capabilities and events. */
function onlyIfDeclared(test: Mocha.Context, fixtureName: string, needs: Array<Capability | GameEventName>): void {
  const pin = pinned[fixtureName]!;
  const listed = (need: Capability | GameEventName) =>
    (capabilityNames as readonly string[]).includes(need) ? pin.capabilities.includes(need as Capability) : pin.events.includes(need as GameEventName);
  if (!needs.every(listed)) test.skip();
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
    const eventsOf = <E extends GameEventName>(event: E) => events.filter((seen) => seen.event === event).map((seen) => seen.payload as GameEvents[E][0]);
    const nextEventOf = <E extends GameEventName>(event: E, count = 1) =>
      eventually(() => (eventsOf(event).length >= count ? eventsOf(event)[count - 1] : undefined), 10000, `${event} event number ${count}`);

    it('declares exactly the capabilities and events pinned for this fixture', async function () {
      expect(declarations(fixture.game)).to.deep.equal(pinned[name]);
    });

    it('is connected once started, with no players online', async function () {
      expect(fixture.game.isConnected()).to.equal(true);
      expect(await fixture.game.onlinePlayers()).to.deep.equal([]);
    });

    it('announces join and quit with the player and address, and lists the player while online', async function () {
      onlyIfDeclared(this, name, ['join', 'quit']);
      const player = await fixture.join('Joiner');
      const join = await nextEventOf('join');
      expect(join).to.deep.include({ ipAddress: '127.0.0.1' });
      expect(join.player.name).to.equal('Joiner');
      expect(join.player.uuid).to.match(/^[0-9a-f-]{36}$/);

      const online = await fixture.game.onlinePlayers();
      expect(online.map((p) => p.name)).to.deep.equal(['Joiner']);
      expect(online[0]!.location.world).to.equal('world');
      expect(online[0]!.location.y).to.be.a('number');
      expect(online[0]!.gameMode).to.equal('survival');

      await player.leave();
      const quit = await nextEventOf('quit');
      // A join may also say where the player logged in; a quit says who and from where.
      expect(quit).to.deep.include({ player: join.player, ipAddress: join.ipAddress });
      expect(await fixture.game.onlinePlayers()).to.deep.equal([]);
    });

    it('refuses a second login with the same name, with a reason, and reports it', async function () {
      onlyIfDeclared(this, name, ['loginRefused']);
      if (!fixture.refusesSecondLogin) this.skip();
      await fixture.join('Twin');
      expect(await fixture.refusedJoin('twin')).to.match(/already connected/);
      const refused = await nextEventOf('loginRefused');
      expect(refused).to.deep.include({ name: 'twin', ipAddress: '127.0.0.1' });
      expect(eventsOf('join')).to.have.length(1);
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

    it('gives /register and /resetpassword the answers of their own handlers', async function () {
      fixture.game.onCodeCommand('register', async (player) => `code for ${player.name}: ABCD2345`);
      fixture.game.onCodeCommand('resetpassword', async (player) => `reset code for ${player.name}: WXYZ6789`);
      const player = await fixture.join('Newbie');
      const registered = player.nextMessage(/code for Newbie: ABCD2345/);
      player.type(fixture.game.codeCommand('register'));
      expect(await registered).to.equal('code for Newbie: ABCD2345');
      const reset = player.nextMessage(/reset code for Newbie: WXYZ6789/);
      player.type(fixture.game.codeCommand('resetpassword'));
      expect(await reset).to.equal('reset code for Newbie: WXYZ6789');
      // Each again, in the other order: a command answered once is offered again.
      const resetAgain = player.nextMessage(/reset code for Newbie/);
      player.type(fixture.game.codeCommand('resetpassword'));
      await resetAgain;
    });

    it('answers a code command with an apology, and stays up, when its handler fails', async function () {
      fixture.game.onCodeCommand('resetpassword', async () => {
        throw new Error('storage down');
      });
      const player = await fixture.join('Unlucky');
      const reply = player.nextMessage(/went wrong/);
      player.type(fixture.game.codeCommand('resetpassword'));
      await reply;
      expect(fixture.game.isConnected()).to.equal(true);
    });

    describe('saves', function () {
      it("names its worlds' folders", async function () {
        onlyIfDeclared(this, name, ['saves']);
        const folders = await fixture.game.require('saves').folders();
        expect(folders.map((folder) => folder.name)).to.include('world');
        for (const folder of folders) expect(path.isAbsolute(folder.path), folder.path).to.equal(true);
      });

      it('pauses saving with a flush, stays paused, and resumes saving as it was', async function () {
        onlyIfDeclared(this, name, ['saves']);
        const saves = fixture.game.require('saves');
        const before = await fixture.saving();
        expect(before.automatic, 'saving before the pause').to.equal(true);
        await saves.pause();
        const paused = await fixture.saving();
        expect(paused.automatic, 'saving once paused').to.equal(false);
        expect(paused.flushedSaves, 'flushed saves made by the pause').to.be.greaterThan(before.flushedSaves);
        // A second pause (a lease renewed) keeps it paused.
        await saves.pause();
        expect((await fixture.saving()).automatic, 'saving after a second pause').to.equal(false);
        await saves.resume();
        expect((await fixture.saving()).automatic, 'saving once resumed').to.equal(true);
        // A resume without a pause changes nothing.
        await saves.resume();
        expect((await fixture.saving()).automatic, 'saving after a second resume').to.equal(true);
      });
    });

    it('answers CapabilityMissingError for every capability it does not offer', async function () {
      const missing = capabilityNames.filter((capability) => fixture.game.capability(capability) === undefined);
      if (missing.length === 0) this.skip();
      for (const capability of missing) {
        const refusal = (() => {
          try {
            fixture.game.require(capability);
          } catch (error) {
            return error;
          }
          return undefined;
        })();
        expect(refusal, `require('${capability}')`).to.be.instanceOf(CapabilityMissingError);
        expect((refusal as CapabilityMissingError).capability).to.equal(capability);
      }
    });

    it('delivers a message to an online player and refuses one to an offline player', async function () {
      onlyIfDeclared(this, name, ['messaging']);
      const player = await fixture.join('Reader');
      const received = player.nextMessage(/hello from the API/);
      await fixture.game.require('messaging').sendMessage('reader', 'hello from the API');
      await received;
      const offline = await fixture.game
        .require('messaging')
        .sendMessage('Ghost', 'anyone?')
        .catch((error) => error);
      expect(offline).to.be.instanceOf(PlayerNotOnlineError);
    });

    it('enforces the whitelist when enabled, letting listed players and operators in', async function () {
      onlyIfDeclared(this, name, ['whitelist']);
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

    it('teleports a player to coordinates and to another player, across worlds, answering from and to', async function () {
      onlyIfDeclared(this, name, ['teleports']);
      const teleports = fixture.game.require('teleports');
      expect(await teleports.worlds()).to.include.members(['world', 'world_nether', 'world_the_end']);
      const walker = await fixture.join('Walker');
      await fixture.join('Anchor');
      const before = (await fixture.game.onlinePlayers()).find((player) => player.name === 'Walker')!.location;
      const arrived = await teleports.teleportToLocation('walker', { world: 'world', x: 50.5, y: 6, z: 50.5, yaw: 180, pitch: 10 });
      expect(arrived.to).to.deep.include({ world: 'world', x: 50.5, y: 6, z: 50.5 });
      expect(arrived.from).to.deep.include({ world: before.world, x: before.x, y: before.y, z: before.z });
      await eventually(async () => (Math.abs((await walker.position()).x - 50.5) < 0.01 ? true : undefined), 5000, 'the client at x 50.5');

      const nether = await teleports.teleportToLocation('Walker', { world: 'world_nether', x: 4, y: 10, z: 4 });
      expect(nether.to).to.deep.include({ world: 'world_nether', x: 4, y: 10, z: 4 });
      expect(nether.from).to.deep.include({ world: 'world', x: 50.5, z: 50.5 });
      const joined = await teleports.teleportToPlayer('Anchor', 'Walker');
      expect(joined.to).to.deep.include({ world: 'world_nether', x: 4, z: 4 });
      expect(joined.from.world).to.equal('world');
      const online = await fixture.game.onlinePlayers();
      expect(online.map((player) => player.location.world).sort()).to.deep.equal(['world_nether', 'world_nether']);
      const offline = await teleports.teleportToPlayer('Walker', 'Nobody').catch((error: Error) => error);
      expect(offline).to.be.instanceOf(PlayerNotOnlineError);
      expect((offline as PlayerNotOnlineError).role).to.equal('target');
    });

    it('shows boss bars to players online and to players who join later, until removed', async function () {
      onlyIfDeclared(this, name, ['bossBars']);
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

    describe('work events', function () {
      it('announce a block a player breaks, with the player, place and game mode, and not one a plugin vetoed', async function () {
        onlyIfDeclared(this, name, ['blockBroken']);
        const digger = await fixture.join('Digger');
        if (fixture.vetoes.has('dig')) await digger.breakBlock({ vetoed: true });
        const block = await digger.breakBlock();
        const broken = await nextEventOf('blockBroken');
        expect(broken).to.deep.include({ block, gameMode: 'survival' });
        expect(broken.player.name).to.equal('Digger');
        expect(broken.location.world).to.equal('world');
        expect([broken.location.x, broken.location.y, broken.location.z].every(Number.isInteger), 'a block position').to.equal(true);
        expect(eventsOf('blockBroken'), 'only the dig that was not vetoed').to.have.length(1);
      });

      it('announce a block a player places, with the player, place and game mode', async function () {
        onlyIfDeclared(this, name, ['blockPlaced']);
        const builder = await fixture.join('Builder');
        await builder.placeBlock('stone');
        const placed = await nextEventOf('blockPlaced');
        expect(placed).to.deep.include({ block: 'stone', gameMode: 'survival' });
        expect(placed.player.name).to.equal('Builder');
        expect(placed.location.world).to.equal('world');
        expect([placed.location.x, placed.location.y, placed.location.z].every(Number.isInteger), 'a block position').to.equal(true);
      });

      it('do not announce a placement a plugin vetoed', async function () {
        onlyIfDeclared(this, name, ['blockPlaced']);
        if (!fixture.vetoes.has('placement')) this.skip();
        const builder = await fixture.join('Undone');
        await builder.placeBlock('stone', { vetoed: true });
        await builder.placeBlock('dirt');
        expect((await nextEventOf('blockPlaced')).block).to.equal('dirt');
        expect(eventsOf('blockPlaced'), 'only the placement that was not vetoed').to.have.length(1);
      });

      it('announce a mob a player kills, with the player, place and game mode', async function () {
        onlyIfDeclared(this, name, ['entityKilled']);
        const hunter = await fixture.join('Hunter');
        await hunter.kill('zombie');
        const killed = await nextEventOf('entityKilled');
        expect(killed).to.deep.include({ entity: 'zombie', gameMode: 'survival' });
        expect(killed.player.name).to.equal('Hunter');
        expect(killed.location.world).to.equal('world');
        expect(eventsOf('entityKilled'), 'one kill, one event').to.have.length(1);
      });

      it('carry the game mode the player is in when it happens', async function () {
        const declared = (['blockBroken', 'blockPlaced', 'entityKilled'] as const).filter((event) => fixture.game.emits.has(event));
        if (declared.length === 0) this.skip();
        const worker = await fixture.join('Creative');
        await fixture.setGameMode('Creative', 'creative');
        if (declared.includes('blockBroken')) {
          await worker.breakBlock();
          expect((await nextEventOf('blockBroken')).gameMode).to.equal('creative');
        }
        if (declared.includes('blockPlaced')) {
          await worker.placeBlock('stone');
          expect((await nextEventOf('blockPlaced')).gameMode).to.equal('creative');
        }
        if (declared.includes('entityKilled')) {
          await worker.kill('zombie');
          expect((await nextEventOf('entityKilled')).gameMode).to.equal('creative');
        }
      });
    });

    describe('inventories', function () {
      it('give items into vanilla slots, topping up stacks to their stack size, and read them back', async function () {
        onlyIfDeclared(this, name, ['inventories']);
        const inventories = fixture.game.require('inventories');
        const holder = await fixture.join('Holder');
        expect(await inventories.read('Holder')).to.deep.equal([]);
        expect(await inventories.give('holder', 'diamond', 70)).to.equal(70);
        expect(await inventories.read('Holder')).to.deep.equal([
          { item: 'diamond', count: 64, slot: 0 },
          { item: 'diamond', count: 6, slot: 1 },
        ]);
        expect(await inventories.give('Holder', 'minecraft:diamond', 60)).to.equal(60);
        expect(await inventories.give('Holder', 'diamond_sword', 2)).to.equal(2);
        const expected = [
          { item: 'diamond', count: 64, slot: 0 },
          { item: 'diamond', count: 64, slot: 1 },
          { item: 'diamond', count: 2, slot: 2 },
          { item: 'diamond_sword', count: 1, slot: 3 },
          { item: 'diamond_sword', count: 1, slot: 4 },
        ];
        expect(await inventories.read('Holder')).to.deep.equal(expected);
        if (holder.clientInventory) {
          await eventually(async () => (JSON.stringify(await holder.clientInventory!()) === JSON.stringify(expected) ? true : undefined), 5000, 'the client showing the items');
        }
      });

      it('remove up to the count asked, from any stacks, and answer how many were removed', async function () {
        onlyIfDeclared(this, name, ['inventories']);
        const inventories = fixture.game.require('inventories');
        const holder = await fixture.join('Spender');
        await inventories.give('Spender', 'stone', 100);
        await inventories.give('Spender', 'diamond', 3);
        expect(await inventories.remove('spender', 'stone', 80)).to.equal(80);
        const total = async (item: string) => (await inventories.read('Spender')).filter((stack) => stack.item === item).reduce((sum, stack) => sum + stack.count, 0);
        expect(await total('stone')).to.equal(20);
        expect(await inventories.remove('Spender', 'minecraft:stone', 50)).to.equal(20);
        expect(await inventories.remove('Spender', 'stone', 5)).to.equal(0);
        expect(await inventories.read('Spender')).to.deep.equal([{ item: 'diamond', count: 3, slot: 2 }]);
        if (holder.clientInventory) {
          await eventually(
            async () => (JSON.stringify(await holder.clientInventory!()) === JSON.stringify([{ item: 'diamond', count: 3, slot: 2 }]) ? true : undefined),
            5000,
            'the client without the stone',
          );
        }
      });

      it('give only as many as fit, and answer how many were given', async function () {
        onlyIfDeclared(this, name, ['inventories']);
        const inventories = fixture.game.require('inventories');
        await fixture.join('Packrat');
        expect(await inventories.give('Packrat', 'stone', 36 * 64 + 10)).to.equal(36 * 64);
        expect(await inventories.give('Packrat', 'diamond', 1)).to.equal(0);
        const stacks = await inventories.read('Packrat');
        expect(stacks).to.have.length(36);
        expect(stacks.every((stack) => stack.item === 'stone' && stack.count === 64 && stack.slot < 36)).to.equal(true);
      });

      it('refuse an item the game does not know, changing nothing', async function () {
        onlyIfDeclared(this, name, ['inventories']);
        const inventories = fixture.game.require('inventories');
        await fixture.join('Alchemist');
        await inventories.give('Alchemist', 'diamond', 2);
        for (const attempt of [inventories.give('Alchemist', 'unobtainium', 1), inventories.remove('Alchemist', 'minecraft:unobtainium', 1)]) {
          const refusal = await attempt.catch((error: Error) => error);
          expect(refusal).to.be.instanceOf(UnknownItemError);
        }
        expect(await inventories.read('Alchemist')).to.deep.equal([{ item: 'diamond', count: 2, slot: 0 }]);
      });

      it('answer a give or remove retried with the same operation id without doing it again', async function () {
        onlyIfDeclared(this, name, ['inventories']);
        const inventories = fixture.game.require('inventories');
        await fixture.join('Retrier');
        expect(await inventories.give('Retrier', 'diamond', 5, { operationId: 'contract-give-1' })).to.equal(5);
        expect(await inventories.give('Retrier', 'diamond', 5, { operationId: 'contract-give-1' })).to.equal(5);
        expect(await inventories.remove('Retrier', 'diamond', 2, { operationId: 'contract-remove-1' })).to.equal(2);
        expect(await inventories.remove('Retrier', 'diamond', 2, { operationId: 'contract-remove-1' })).to.equal(2);
        expect(await inventories.read('Retrier')).to.deep.equal([{ item: 'diamond', count: 3, slot: 0 }]);
        expect(await inventories.give('Retrier', 'diamond', 1, { operationId: 'contract-give-2' })).to.equal(1);
        expect(await inventories.read('Retrier')).to.deep.equal([{ item: 'diamond', count: 4, slot: 0 }]);
      });

      it('refuse inventories of players who are not online', async function () {
        onlyIfDeclared(this, name, ['inventories']);
        const inventories = fixture.game.require('inventories');
        for (const attempt of [inventories.read('Ghost'), inventories.give('Ghost', 'diamond', 1), inventories.remove('Ghost', 'diamond', 1)]) {
          expect(await (attempt as Promise<unknown>).catch((error: Error) => error)).to.be.instanceOf(PlayerNotOnlineError);
        }
      });

      it('list the item ids the game knows, where it can', async function () {
        onlyIfDeclared(this, name, ['inventories']);
        if (!fixture.game.require('inventories').itemIds) this.skip();
        const ids = await fixture.game.require('inventories').itemIds!();
        expect(ids).to.include.members(['diamond', 'stone', 'diamond_sword']);
        expect(ids).to.not.include('air');
        expect(
          ids.every((id) => /^[a-z0-9_]+$/.test(id)),
          'ids without namespace',
        ).to.equal(true);
      });
    });

    describe('moderation', function () {
      /** Gatehouse's words where the adapter takes them (not vanilla's). */
      const texts = { temporary: 'Banned: {reason} ({time} left)', permanent: 'Banned for good: {reason}' };
      const banOf = (name: string, reason: string, expiresInMs: number | null) => ({
        player: { name, uuid: offlinePlayerUuid(name) },
        reason,
        source: 'Gatehouse (contract)',
        created: new Date().toISOString(),
        expires: expiresInMs === null ? null : new Date(Date.now() + expiresInMs).toISOString(),
      });

      it('refuses a banned player at join with the reason and the time left, and lets them in once the ban is lifted', async function () {
        onlyIfDeclared(this, name, ['moderation']);
        const moderation = fixture.game.require('moderation');
        moderation.setBanTexts?.(texts);
        await moderation.ban(banOf('Outlaw', 'griefing the spawn', 3_600_000));
        const refused = await fixture.refusedJoin('Outlaw');
        if (moderation.setBanTexts) expect(refused).to.match(/Banned: griefing the spawn \((59m \d+s|1h) left\)/);
        // Vanilla words it itself: the reason, and the date the ban ends.
        else expect(refused).to.match(/You are banned from this server\.\s*Reason: griefing the spawn\s*Your ban will be removed on /);
        const listed = (await moderation.bans()).find((ban) => ban.player?.name === 'Outlaw');
        expect(listed).to.deep.include({ reason: 'griefing the spawn' });
        expect(Math.abs(Date.parse(listed!.expires!) - (Date.now() + 3_600_000)), 'the end as given, to the second').to.be.below(5000);
        expect(await moderation.lift({ player: { name: 'Outlaw', uuid: offlinePlayerUuid('Outlaw') } })).to.equal(true);
        expect(await moderation.lift({ player: { name: 'Outlaw', uuid: offlinePlayerUuid('Outlaw') } })).to.equal(false);
        await (await fixture.join('Outlaw')).leave();
      });

      it('words a ban without an end without a time, and lets the player in once a short ban has ended', async function () {
        onlyIfDeclared(this, name, ['moderation']);
        const moderation = fixture.game.require('moderation');
        moderation.setBanTexts?.(texts);
        await moderation.ban(banOf('Forever', 'cheating', null));
        const forever = await fixture.refusedJoin('Forever');
        expect(forever).to.match(moderation.setBanTexts ? /Banned for good: cheating/ : /Reason: cheating/);
        expect(forever, 'no time left for a ban without an end').to.not.match(/left|removed on/);
        await moderation.ban(banOf('Briefly', 'cooling off', 2500));
        expect(await fixture.refusedJoin('Briefly')).to.match(/cooling off/);
        await new Promise((resolve) => setTimeout(resolve, 3000));
        expect((await moderation.bans()).map((ban) => ban.player?.name)).to.not.include('Briefly');
        await (await fixture.join('Briefly')).leave();
      });

      it('removes a player banned while online at once, with the words of the ban', async function () {
        onlyIfDeclared(this, name, ['moderation']);
        const moderation = fixture.game.require('moderation');
        moderation.setBanTexts?.(texts);
        const player = await fixture.join('Rowdy');
        const gone = player.disconnected();
        await moderation.ban(banOf('Rowdy', 'flooding the chat', null));
        // Vanilla's management protocol removes them with its own words.
        expect(await gone).to.match(moderation.setBanTexts ? /Banned for good: flooding the chat/ : /banned/i);
        await eventually(async () => ((await fixture.game.onlinePlayers()).length === 0 ? true : undefined), 5000, 'Rowdy gone from the list');
      });

      it('kicks an online player with the message, who may join again; refuses one who is not online', async function () {
        onlyIfDeclared(this, name, ['moderation']);
        const moderation = fixture.game.require('moderation');
        const player = await fixture.join('Kickee');
        const gone = player.disconnected();
        await moderation.kick('kickee', 'Kicked: spamming the chat');
        expect(await gone).to.contain('spamming the chat');
        const refusal = await moderation.kick('Ghost', 'anyone?').catch((error: Error) => error);
        expect(refusal).to.be.instanceOf(PlayerNotOnlineError);
        await eventually(async () => ((await fixture.game.onlinePlayers()).length === 0 ? true : undefined), 5000, 'Kickee gone from the list');
        await (await fixture.join('Kickee')).leave();
      });

      it('bans an address: another name from it is refused too, until the ban is lifted', async function () {
        onlyIfDeclared(this, name, ['moderation']);
        const moderation = fixture.game.require('moderation');
        moderation.setBanTexts?.(texts);
        await moderation.ban({ address: '127.0.0.1', reason: 'ban evasion', source: 'Gatehouse (contract)', created: new Date().toISOString(), expires: null });
        expect(await fixture.refusedJoin('FirstName')).to.match(/ban evasion/);
        expect(await fixture.refusedJoin('SecondName')).to.match(/ban evasion/);
        expect((await moderation.bans()).find((ban) => ban.address === '127.0.0.1')).to.deep.include({ reason: 'ban evasion', expires: null });
        expect(await moderation.lift({ address: '127.0.0.1' })).to.equal(true);
        await (await fixture.join('SecondName')).leave();
      });

      it("reads back a ban made on the game's own console", async function () {
        onlyIfDeclared(this, name, ['moderation']);
        const moderation = fixture.game.require('moderation');
        await fixture.consoleBan('Griefer', 'broke the bridge');
        const listed = (await moderation.bans()).find((ban) => ban.player?.name === 'Griefer');
        expect(listed).to.deep.include({ reason: 'broke the bridge', expires: null });
        expect(listed!.source).to.not.match(/Gatehouse/);
        expect(await fixture.refusedJoin('Griefer')).to.match(/broke the bridge/);
      });
    });

    it('applies live settings and says which it applied', async function () {
      onlyIfDeclared(this, name, ['control']);
      const applied = await fixture.game
        .require('control')
        .applySettings({ motd: 'Contract MOTD', maxPlayers: 1, difficulty: 'hard', defaultGameMode: 'creative', pvp: false, whitelistEnabled: false });
      expect(applied.sort()).to.deep.equal(['defaultGameMode', 'difficulty', 'maxPlayers', 'motd', 'pvp', 'whitelistEnabled']);
      await fixture.join('OnlyOne');
      expect((await fixture.game.onlinePlayers())[0]!.gameMode, 'a new player gets the default game mode').to.equal('creative');
      expect(await fixture.refusedJoin('SecondOne')).to.match(/full/);
    });

    it('restarts the game server: players are told why, and can join again', async function () {
      onlyIfDeclared(this, name, ['control', 'connection']);
      const player = await fixture.join('Restartee');
      const gone = player.disconnected();
      await fixture.game.require('control').restart('Contract restart');
      expect(await gone).to.contain('Contract restart');
      // The embedded server is back when restart() resolves; a Paper server goes down after answering, then its plugin reconnects.
      const links = () => eventsOf('connection').map((payload) => payload.connected);
      await eventually(() => (links().length === 2 && fixture.game.isConnected() ? true : undefined), 15000, 'the game back after the restart');
      expect(links()).to.deep.equal([false, true]);
      await fixture.join('Restartee');
    });
  });
}
