import { EventEmitter } from 'node:events';
import path from 'node:path';
import { normalizeAddress } from '../../lib/addresses.js';
import { requireCapability } from '../capabilities.js';
import {
  difficulties,
  gameModes,
  PlayerNotOnlineError,
  type Capabilities,
  type Capability,
  type GameConsole,
  type GameEventName,
  type GameEvents,
  type GamePort,
  type Messaging,
  type OnlinePlayer,
  type Operators,
  type PlayerCommand,
  type PlayerRef,
  type GameSettingsChange,
  type RegisterCommandHandler,
  type ServerControl,
  type ServerSoftware,
  type Teleports,
  type Whitelist,
} from '../port.js';
import { loadFlyingSquid, type SquidClient, type SquidPlayer, type SquidServer } from './flying-squid.js';
import { guardClients } from './client-guard.js';
import { EmbeddedBossBars } from './boss-bars.js';
import { installPacketCompat } from './packet-compat.js';
import { createWorlds, locationOf, movePlayer, type WorldEntry } from './worlds.js';
import { PlayerListFile } from './player-list-file.js';
import { TickMeter } from './tick-meter.js';

export interface EmbeddedServerOptions {
  host: string;
  /** 0 picks a free port; read the chosen one from `port` after start. */
  port: number;
  viewDistance: number;
  /** Initial values; the settings service applies the live ones through `control`. */
  motd: string;
  maxPlayers: number;
  /** ops.json, whitelist.json and world/ live here. */
  dataDirectory: string;
  log: (message: string) => void;
}

const operatorLevel = 4;
/** Commands of flying-squid that must not reach players: /stop exits the host process, op/deop/ban/pardon bypass or ignore our lists. */
const removedCommands = new Set(['stop', 'op', 'deop', 'ban', 'pardon']);

/**
 * The embedded game server: a Minecraft 1.21.4 server (flying-squid, offline
 * mode, superflat) inside this process, behind the game port. It keeps
 * operators and the whitelist in vanilla ops.json / whitelist.json, refuses
 * logins itself (flying-squid's own checks run too late to work) and carries
 * the fixes flying-squid needs to speak 1.21.4 correctly.
 */
export class EmbeddedGameServer implements GamePort {
  readonly adapterName = 'embedded';
  readonly registerCommand = '/register';
  readonly events = new EventEmitter<GameEvents>();
  readonly emits: ReadonlySet<GameEventName> = new Set<GameEventName>(['join', 'quit', 'loginRefused', 'connection']);
  readonly operators: Operators;
  private readonly whitelist: Whitelist;
  private readonly messaging: Messaging;
  private readonly control: ServerControl;
  private readonly teleports: Teleports;
  private readonly bossBars: EmbeddedBossBars;
  private readonly console: GameConsole;
  private readonly tickMeter = new TickMeter();

  private serv: SquidServer | undefined;
  private worlds: WorldEntry[] = [];
  private opsFile!: PlayerListFile;
  private whitelistFile!: PlayerListFile;
  private whitelistEnabled = false;
  private pvp = true;
  private maxPlayers: number;
  /** The configured port, then the real one once known, so a restart reuses it. */
  private listenPort: number;
  private registerHandler: RegisterCommandHandler | undefined;
  private readonly playerCommands: PlayerCommand[] = [];
  /** Everyone past the login gate, by lower-case name, so a second login with the same name is refused. */
  private readonly admitted = new Map<string, SquidClient>();
  /** Players whose join was announced, with their address, so quit is announced exactly once. */
  private readonly joined = new Map<SquidPlayer, string>();

  constructor(private readonly options: EmbeddedServerOptions) {
    this.maxPlayers = options.maxPlayers;
    this.listenPort = options.port;
    this.control = {
      applySettings: async (change) => this.applySettings(change),
      restart: async (reason) => this.restart(reason),
    };
    this.operators = {
      isOperator: async (name) => this.opsFile.has(name),
      list: async () => this.opsFile.entries().map(({ name, uuid }) => ({ name, uuid })),
      setOperator: (name, operator) => this.setOperator(name, operator),
    };
    this.whitelist = {
      isEnabled: async () => this.whitelistEnabled,
      setEnabled: async (enabled) => {
        this.whitelistEnabled = enabled;
      },
      isWhitelisted: async (name) => this.whitelistFile.has(name),
      list: async () => this.whitelistFile.entries().map(({ name, uuid }) => ({ name, uuid })),
      add: (name) => this.addToList(this.whitelistFile, name),
      remove: (name) => this.whitelistFile.remove(name),
    };
    this.bossBars = new EmbeddedBossBars(() => this.serv);
    this.teleports = {
      worlds: async () => this.worlds.map((entry) => entry.name),
      worldInfo: async () => {
        const serv = this.requireServer();
        return Promise.all(
          this.worlds.map(async (entry) => {
            const spawn = await serv.getSpawnPoint(entry.world);
            return { name: entry.name, environment: environmentOf(entry.dimension), spawn: { x: spawn.x, y: spawn.y, z: spawn.z } };
          }),
        );
      },
      teleportToPlayer: async (playerName, targetName) => {
        const player = this.requireOnline(playerName);
        const target = this.requireOnline(targetName, 'target');
        const from = locationOf(player, this.worlds);
        await movePlayer(player, this.worlds, locationOf(target, this.worlds));
        return { from, to: locationOf(player, this.worlds) };
      },
      teleportToLocation: async (playerName, location) => {
        const player = this.requireOnline(playerName);
        const from = locationOf(player, this.worlds);
        await movePlayer(player, this.worlds, location);
        return { from, to: { ...locationOf(player, this.worlds), yaw: location.yaw ?? 0, pitch: location.pitch ?? 0 } };
      },
    };
    this.console = { run: (line) => this.runConsoleCommand(line) };
    this.messaging = {
      sendMessage: async (playerName, text) => {
        this.requireOnline(playerName).chat(text);
      },
      broadcast: async (text) => this.requireServer().broadcast(text),
    };
  }

  /** The port players connect to (the real one when configured as 0). */
  get port(): number {
    const address = this.serv?._server.socketServer.address();
    return typeof address === 'object' && address ? address.port : this.listenPort;
  }

  isConnected(): boolean {
    return this.serv !== undefined;
  }

  capability<C extends Capability>(name: C): Capabilities[C] | undefined {
    const groups: Partial<Capabilities> = {
      whitelist: this.whitelist,
      messaging: this.messaging,
      teleports: this.teleports,
      bossBars: this.bossBars,
      control: this.control,
      console: this.console,
      performance: this.tickMeter,
    };
    return groups[name] as Capabilities[C] | undefined;
  }

  require<C extends Capability>(name: C): Capabilities[C] {
    return requireCapability(this, name);
  }

  serverSoftware(): ServerSoftware {
    return { software: 'Gatehouse embedded server (flying-squid 1.12.0)', version: '1.21.4' };
  }

  describeForOwner(): string[] {
    const host = this.options.host === '0.0.0.0' ? 'localhost' : this.options.host;
    return [
      `Embedded Minecraft 1.21.4 server (offline mode) listening on ${host}:${this.port}`,
      'To become an operator (admin in the API), type "op <your player name>" here and press Enter. Type "help" for more.',
    ];
  }

  onRegisterCommand(handler: RegisterCommandHandler): void {
    this.registerHandler = handler;
  }

  addPlayerCommand(command: PlayerCommand): void {
    this.playerCommands.push(command);
  }

  async start(): Promise<void> {
    if (this.serv) return;
    this.opsFile = await PlayerListFile.open(path.join(this.options.dataDirectory, 'ops.json'), {
      level: operatorLevel,
      bypassesPlayerLimit: false,
    });
    this.whitelistFile = await PlayerListFile.open(path.join(this.options.dataDirectory, 'whitelist.json'));
    const { createMCServer } = loadFlyingSquid();
    const serv = createMCServer({
      motd: this.options.motd,
      host: this.options.host,
      port: this.listenPort,
      'max-players': this.maxPlayers,
      'online-mode': false,
      logging: false,
      noConsoleOutput: true,
      // A debug function also keeps flying-squid's error handler out: it would exit the process on any uncaught error.
      debug: () => undefined,
      hideErrors: true,
      gameMode: 0,
      difficulty: 1,
      worldFolder: path.join(this.options.dataDirectory, 'world'),
      generation: { name: 'superflat', options: { worldHeight: 80 } },
      kickTimeout: 10000,
      plugins: {},
      modpe: false,
      'view-distance': this.options.viewDistance,
      'player-list-text': { header: { text: 'Gatehouse' }, footer: { text: '' } },
      'everybody-op': false,
      'max-entities': 100,
      version: '1.21.4',
    });
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => {
        serv.stopTickInterval?.();
        reject(new Error(`embedded game server cannot listen on ${this.options.host}:${this.listenPort}: ${error.message}`));
      };
      serv.once('error', onError);
      serv.once('ready', () => {
        serv.off('error', onError);
        serv.on('error', (error: Error) => this.options.log(`embedded game server: ${error.message}`));
        resolve();
      });
    });
    this.worlds = createWorlds(serv);
    this.tickMeter.attach(serv);
    installPacketCompat(serv);
    guardClients(serv, this.options.log);
    this.installLoginGate(serv);
    this.installCommands(serv);
    serv.on('newPlayer', (player: SquidPlayer) => this.watchPlayer(serv, player));
    serv._server.motd = this.options.motd;
    this.serv = serv;
    this.events.emit('connection', { connected: true });
  }

  async stop(kickReason = 'Server closed'): Promise<void> {
    const serv = this.serv;
    if (!serv) return;
    this.serv = undefined;
    await Promise.allSettled(serv.players.map((player) => player.save()));
    serv.overworld.stopSaving();
    await Promise.race([serv.quit(kickReason), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    // quit() leaves the 20 Hz tick loop running.
    serv.stopTickInterval();
    this.events.emit('connection', { connected: false });
  }

  async onlinePlayers(): Promise<OnlinePlayer[]> {
    return [...this.joined].map(([player, ipAddress]) => ({
      name: player.username,
      uuid: player.uuid,
      ipAddress,
      location: locationOf(player, this.worlds),
      gameMode: gameModes[player.gameMode] ?? 'survival',
      ping: player._client.latency ?? 0,
    }));
  }

  /**
   * Restarts the game server inside this process: everyone is saved and
   * disconnected with the reason, the world is reloaded, and players can join
   * again on the same port.
   */
  private async restart(reason: string): Promise<void> {
    const port = this.port;
    await this.stop(reason);
    this.listenPort = port;
    await this.start();
  }

  /**
   * Live settings. The MOTD and max players take effect at the next ping and
   * login; difficulty at once for everyone; the default game mode for players
   * joining for the first time (as vanilla's defaultgamemode); PvP at the next
   * hit; the whitelist at the next login.
   */
  private async applySettings(change: GameSettingsChange): Promise<Array<keyof GameSettingsChange>> {
    const serv = this.requireServer();
    const applied: Array<keyof GameSettingsChange> = [];
    if (change.motd !== undefined) {
      serv._server.motd = change.motd;
      applied.push('motd');
    }
    if (change.maxPlayers !== undefined) {
      this.maxPlayers = change.maxPlayers;
      serv._server.maxPlayers = change.maxPlayers;
      applied.push('maxPlayers');
    }
    if (change.difficulty !== undefined) {
      const level = difficulties.indexOf(change.difficulty);
      serv.difficulty = level;
      serv._writeAll('difficulty', { difficulty: level, difficultyLocked: false });
      applied.push('difficulty');
    }
    if (change.defaultGameMode !== undefined) {
      serv.gameMode = gameModes.indexOf(change.defaultGameMode);
      applied.push('defaultGameMode');
    }
    if (change.pvp !== undefined) {
      this.pvp = change.pvp;
      applied.push('pvp');
    }
    if (change.whitelistEnabled !== undefined) {
      this.whitelistEnabled = change.whitelistEnabled;
      applied.push('whitelistEnabled');
    }
    return applied;
  }

  /** Runs a console line as the server (op). Returns what to print. */
  private async runConsoleCommand(line: string): Promise<string> {
    const serv = this.requireServer();
    try {
      return (await serv.commands.use(line, {}, true)) ?? '';
    } catch (error) {
      return `Error: ${(error as Error).message}`;
    }
  }

  private async setOperator(name: string, operator: boolean): Promise<boolean> {
    const changed = operator ? await this.addToList(this.opsFile, name) : await this.opsFile.remove(name);
    const online = this.onlinePlayer(name);
    if (online) this.applyOperatorStatus(online);
    return changed;
  }

  /** Lists an online player under their exact name and UUID; anyone else under the offline-mode UUID of the name. */
  private addToList(list: PlayerListFile, name: string): Promise<boolean> {
    const online = this.onlinePlayer(name);
    return list.add(online?.username ?? name, online?.uuid);
  }

  private applyOperatorStatus(player: SquidPlayer): void {
    const entry = this.opsFile.find(player.username);
    player.op = entry !== undefined;
    // Entity status 24..28 tells the client its permission level (0..4).
    player._client.write('entity_status', { entityId: player.id, entityStatus: 24 + (entry ? (entry.level ?? operatorLevel) : 0) });
  }

  private requireOnline(name: string, role: 'player' | 'target' = 'player'): SquidPlayer {
    const player = this.onlinePlayer(name);
    if (!player) throw new PlayerNotOnlineError(name, role);
    return player;
  }

  private onlinePlayer(name: string): SquidPlayer | undefined {
    const wanted = name.toLowerCase();
    return [...this.joined.keys()].find((player) => player.username.toLowerCase() === wanted);
  }

  private requireServer(): SquidServer {
    if (!this.serv) throw new Error('embedded game server is not running');
    return this.serv;
  }

  /**
   * Refuses logins before they begin, where a refusal carries its reason and
   * nobody sees a join: banned address, duplicate name, whitelist, full server.
   */
  private installLoginGate(serv: SquidServer): void {
    serv._server.options.beforeLogin = (client: SquidClient) => {
      const rawAddress = client.socket?.remoteAddress ?? 'unknown';
      const key = client.username.toLowerCase();
      const operator = this.opsFile.find(client.username);
      let reason: string | undefined;
      // A server being stopped (or restarted) still accepts connections until its listener closes.
      if (this.serv !== serv) reason = 'The server is restarting; join again in a moment';
      else if (serv.bannedIPs[rawAddress]) reason = `You are banned from this server.\nReason: ${serv.bannedIPs[rawAddress]!.reason ?? 'Banned'}`;
      else if (this.admitted.has(key)) reason = 'You are already connected to this server';
      else if (this.whitelistEnabled && !operator && !this.whitelistFile.has(client.username)) reason = 'You are not white-listed on this server!';
      else if (this.admitted.size >= this.maxPlayers && !operator?.bypassesPlayerLimit) reason = 'The server is full!';
      if (reason) {
        this.events.emit('loginRefused', { name: client.username, uuid: client.uuid ?? null, ipAddress: normalizeAddress(rawAddress), reason });
        client.end(reason);
        return;
      }
      this.admitted.set(key, client);
      client.once('end', () => {
        if (this.admitted.get(key) === client) this.admitted.delete(key);
      });
    };
  }

  private installCommands(serv: SquidServer): void {
    for (const table of [serv.commands.hash, serv.commands.uniqueHash]) {
      for (const [key, command] of Object.entries(table)) {
        if (removedCommands.has(command.params.base)) delete table[key];
      }
    }
    serv.commands.add({
      base: 'register',
      info: 'Get a code to create your Gatehouse web account',
      usage: '/register',
      onlyPlayer: true,
      action: async (_args, { player }) => {
        if (!player) return;
        if (!this.registerHandler) {
          player.chat('§cRegistration is not available right now.');
          return;
        }
        try {
          player.chat(await this.registerHandler({ name: player.username, uuid: player.uuid }));
        } catch (error) {
          this.options.log(`/register for ${player.username} failed: ${(error as Error).stack ?? String(error)}`);
          player.chat('§cSomething went wrong while creating your code; please try again.');
        }
      },
    });
    for (const command of this.playerCommands) {
      serv.commands.add({
        base: command.name,
        info: command.description,
        usage: command.usage,
        onlyPlayer: true,
        action: async (args: string, { player }) => {
          if (!player) return;
          const words = String(args ?? '').trim().split(/\s+/).filter(Boolean);
          try {
            player.chat(await command.run({ name: player.username, uuid: player.uuid }, words));
          } catch (error) {
            this.options.log(`/${command.name} for ${player.username} failed: ${(error as Error).stack ?? String(error)}`);
            player.chat('§cThat command failed; please try again.');
          }
        },
      });
    }
    for (const grant of [true, false]) {
      serv.commands.add({
        base: grant ? 'op' : 'deop',
        info: grant ? 'Make a player an operator' : 'Remove operator status from a player',
        usage: grant ? '/op <player>' : '/deop <player>',
        op: true,
        parse: (args: string) => (/^[A-Za-z0-9_]{1,16}$/.test(args.trim()) ? args.trim() : false),
        action: async (name: string) => {
          const changed = await this.setOperator(name, grant);
          if (grant) return changed ? `Made ${name} a server operator` : 'Nothing changed. The player already is an operator';
          return changed ? `Made ${name} no longer a server operator` : 'Nothing changed. The player is not an operator';
        },
      });
    }
  }

  private watchPlayer(serv: SquidServer, player: SquidPlayer): void {
    // 1.21.4 clients show flying-squid's "&e" colour codes literally; they understand "§e".
    const system = player.system.bind(player);
    player.system = (message: string) => system(typeof message === 'string' ? legacyColours(message) : message);
    // flying-squid rethrows errors of commands in a timer, which would end the process; answer the player instead.
    player.handleCommand = async (command: string) => {
      try {
        const reply = await serv.commands.use(command, { player }, player.op);
        if (reply) player.chat(`§c${reply}`);
      } catch (error) {
        const userError = (error as { userError?: boolean }).userError === true;
        if (!userError) this.options.log(`command "/${command}" of ${player.username} failed: ${(error as Error).stack ?? String(error)}`);
        player.chat(`§c${userError ? `Error: ${(error as Error).message}` : 'That command failed.'}`);
      }
    };
    player.on('attack_cancel', ({ attackedEntity }: { attackedEntity?: { type?: string } }, cancel: () => void) => {
      if (!this.pvp && attackedEntity?.type === 'player') cancel();
    });
    player.once('connected', () => {
      const ipAddress = normalizeAddress(player._client.socket?.remoteAddress ?? 'unknown');
      this.applyOperatorStatus(player);
      this.sendPlayerList(serv, player);
      this.bossBars.showAllTo(player);
      this.joined.set(player, ipAddress);
      this.events.emit('join', { player: refOf(player), ipAddress });
    });
    player.once('disconnected', () => {
      const ipAddress = this.joined.get(player);
      if (ipAddress === undefined) return;
      this.joined.delete(player);
      this.events.emit('quit', { player: refOf(player), ipAddress });
    });
  }

  /** flying-squid sends a joining player's tab list to everyone but that player. */
  private sendPlayerList(serv: SquidServer, player: SquidPlayer): void {
    player._client.write('player_info', {
      action: { add_player: true },
      data: serv.players.map((other) => ({
        uuid: other.uuid,
        player: { name: other.username, properties: other.profileProperties ?? [] },
        gamemode: other.gameMode,
        latency: other._client.latency ?? 0,
      })),
    });
  }
}

function environmentOf(dimension: number): 'normal' | 'nether' | 'end' {
  return dimension === -1 ? 'nether' : dimension === 1 ? 'end' : 'normal';
}

function legacyColours(message: string): string {
  return message.replace(/&([0-9a-fk-or])/g, '§$1');
}

function refOf(player: SquidPlayer): PlayerRef {
  return { name: player.username, uuid: player.uuid };
}
