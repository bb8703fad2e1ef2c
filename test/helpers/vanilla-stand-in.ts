/**
 * A stand-in for a vanilla 1.21 server, as RCON and its files see it: no
 * vanilla server can run here (no server jar can be fetched), so the RCON
 * adapter's tests talk to this. It speaks the real RCON packet format
 * (little-endian length, request id, type, body, two NULs; a refused login
 * answered with id -1; replies over 4,096 characters split into packets of
 * the same id; several messages glued without newlines) and answers with the
 * exact strings vanilla 1.21 sends (its English language file); like
 * vanilla, it reads at most 1,460 bytes of a packet and closes the
 * connection on a longer one. It keeps a small
 * world (players with positions, dimensions, inventories, the whitelist,
 * operators, boss bars, the register trigger) and writes logs/latest.log in
 * vanilla's format (or Paper's), and ops.json, whitelist.json and
 * server.properties like the server would.
 */
import { writeFileSync } from 'node:fs';
import { mkdir, rename, appendFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { Config } from '../../src/config/config.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { ManagementStandIn, type ManagedPlayer } from './management-stand-in.js';
import { StandInBans } from './stand-in-bans.js';

interface StandInPlayer {
  name: string;
  uuid: string;
  dimension: string;
  pos: [number, number, number];
  rotation: [number, number];
  gameType: number;
  inventory: Array<{ slot: number; id: string; count: number }>;
  /** The player's trigger objectives (register, resetpassword): their score, and whether /trigger may set it. */
  triggers: Map<string, { score: number; enabled: boolean }>;
}

/** Whether the player may use `/trigger <objective>` now. */
export function triggerEnabled(player: StandInPlayer | undefined, objective = 'register'): boolean {
  return player?.triggers.get(objective)?.enabled ?? false;
}

const itemNames: Record<string, string> = {
  diamond: 'Diamond',
  stone: 'Stone',
  dirt: 'Dirt',
  cobblestone: 'Cobblestone',
  iron_sword: 'Iron Sword',
  diamond_sword: 'Diamond Sword',
  oak_log: 'Oak Log',
  bread: 'Bread',
};

export interface StandInOptions {
  password: string;
  directory: string;
  /** The log's format: vanilla's (default) or Paper's (world names in the login line). */
  logFormat?: 'vanilla' | 'paper';
  version?: string;
  /** Items in the Inventory list only (1.21.5+: armour in `equipment`). */
  equipmentCompound?: boolean;
  /** Serves the management protocol (1.21.9+) with this secret. */
  managementSecret?: string;
}

export class VanillaStandIn {
  readonly players = new Map<string, StandInPlayer>();
  readonly commands: string[] = [];
  /** By lower-case name, as the server's lists are. */
  readonly whitelist = new Map<string, ManagedPlayer>();
  readonly ops = new Map<string, ManagedPlayer>();
  /** Why each player was last kicked, by name. */
  readonly kicked = new Map<string, string>();
  /** Its ban lists (banned-players.json, banned-ips.json). */
  readonly bans: StandInBans;
  /** Who types the command being run: RCON, or the server's own console. */
  private commandSource = 'Rcon';
  /** Called when `stop` is run, as a service manager would see the process end. */
  onStop: (() => void) | undefined;
  readonly bossBars = new Map<string, { title: string; value: number; max: number; color: string; players: string[] }>();
  whitelistOn = false;
  difficulty = 'normal';
  defaultGameMode = 'survival';
  pvp = true;
  /** The objectives made with the `trigger` criterion (a player's own, see StandInPlayer.triggers). */
  readonly triggerObjectives = new Set<string>();
  /** Scores of the other objectives, by objective and holder. */
  readonly scores = new Map<string, Map<string, number>>();
  stopped = false;
  motd = 'A Vanilla Server';
  maxPlayers = 20;
  /** Automatic saving (save-off / save-on), and how many `save-all flush` it answered. */
  autoSave = true;
  flushedSaves = 0;
  management: ManagementStandIn | undefined;
  /** Replies to send for a command, before the stand-in's own (a test's script). */
  readonly scripted = new Map<string, string>();
  /** Closes the connection in the middle of the next command that starts with this. */
  dropOn: string | undefined;
  /** Runs the next command that starts with this, then closes the connection before replying (a reply lost on the way). */
  dropReplyOn: string | undefined;
  /** Packets longer than vanilla reads, each of which closed its connection. */
  oversizedPackets = 0;
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  private entityId = 100;

  private constructor(private readonly options: StandInOptions) {
    this.bans = new StandInBans(options.directory);
  }

  static async start(options: StandInOptions, port = 0, managementPort = 0): Promise<VanillaStandIn> {
    const standIn = new VanillaStandIn(options);
    await mkdir(path.join(options.directory, 'logs'), { recursive: true });
    await standIn.log(`Starting minecraft server version ${options.version ?? '1.21.4'}`);
    standIn.saveFiles();
    await standIn.listen(port);
    if (options.managementSecret) standIn.management = await standIn.serveManagement(options.managementSecret, managementPort);
    return standIn;
  }

  /** Points a Gatehouse configuration at this server over RCON, with its directory and log known (the management protocol off). */
  connect(config: Config): void {
    config.game.connection = 'rcon';
    config.game.rcon = {
      host: '127.0.0.1',
      port: this.port,
      password: this.options.password,
      serverDirectory: this.options.directory,
      logFile: this.logFile,
      requestTimeoutMs: 2000,
      managementUrl: '',
      managementSecret: '',
    };
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  get logFile(): string {
    return path.join(this.options.directory, 'logs', 'latest.log');
  }

  /**
   * A client logs in as the server decides: refused when the whitelist is on
   * and it is neither listed nor an operator, or when the server is full
   * (the reason answered, and logged); let in otherwise. A player already
   * online is let in again and the FIRST session is kicked, as vanilla does
   * (its duplicate_login message), before the new one's login is logged.
   */
  async login(name: string, address = '127.0.0.1'): Promise<string | undefined> {
    const key = name.toLowerCase();
    const reason =
      this.bans.refusal(name, address) ??
      (this.whitelistOn && !this.whitelist.has(key) && !this.ops.has(key)
        ? this.options.logFormat === 'paper'
          ? 'You are not whitelisted on this server!'
          : 'You are not white-listed on this server!'
        : this.players.size >= this.maxPlayers
          ? 'The server is full!'
          : undefined);
    if (reason) {
      await this.refuse(name, address, reason);
      return reason;
    }
    const earlier = this.players.get(key);
    if (earlier) await this.quit(earlier.name, 'You logged in from another location');
    await this.join(name, address);
    return reason;
  }

  /** A player joins: the login and join lines in the log, as the server writes them. */
  async join(name: string, address = '127.0.0.1', at: [number, number, number] = [0.5, 64, 0.5]): Promise<void> {
    const uuid = offlinePlayerUuid(name);
    const gameType = ['survival', 'creative', 'adventure', 'spectator'].indexOf(this.defaultGameMode);
    this.players.set(name.toLowerCase(), {
      name,
      uuid,
      dimension: 'minecraft:overworld',
      pos: at,
      rotation: [0, 0],
      gameType,
      inventory: [],
      triggers: new Map(),
    });
    const world = this.options.logFormat === 'paper' ? '[world]' : '';
    await this.log(`${name}[/${address}:${50000 + this.entityId}] logged in with entity id ${this.entityId++} at (${world}${at[0]}, ${at[1]}, ${at[2]})`);
    await this.log(`${name} joined the game`);
    this.management?.notify('players/joined', { player: { id: uuid, name } });
  }

  async quit(name: string, reason = 'Disconnected'): Promise<void> {
    const player = this.players.get(name.toLowerCase());
    this.players.delete(name.toLowerCase());
    if (player) this.management?.notify('players/left', { player: { id: player.uuid, name: player.name } });
    await this.log(`${name} lost connection: ${reason}`);
    await this.log(`${name} left the game`);
  }

  /** A refused login, in vanilla's two lines (Paper's whitelist text has no hyphen). */
  async refuse(name: string, address: string, reason: string): Promise<void> {
    await this.log(`Disconnecting ${name} (/${address}:54321): ${reason}`);
    await this.log(`${name} (/${address}:54321) lost connection: ${reason}`);
  }

  /** A line typed on the server's own console (not through RCON): its reply. */
  async console(line: string): Promise<string> {
    this.commandSource = 'Server';
    try {
      return this.runParsing(line);
    } finally {
      this.commandSource = 'Rcon';
    }
  }

  /** The server removes an online player, telling them why (a kick, a ban). */
  disconnect(name: string, reason: string): void {
    const player = this.players.get(name.toLowerCase());
    if (!player) return;
    this.kicked.set(player.name, reason);
    void this.quit(player.name, reason);
  }

  /** What `/trigger <objective>` (`/trigger register`) does in game: once, until it is enabled again. */
  trigger(name: string, objective = 'register'): void {
    const trigger = this.players.get(name.toLowerCase())!.triggers.get(objective);
    if (trigger?.enabled) {
      trigger.score = 1;
      trigger.enabled = false;
    }
  }

  /** Vanilla at start-up and at midnight: latest.log becomes a dated file and a new one begins. */
  async rotateLog(): Promise<void> {
    await rename(this.logFile, path.join(this.options.directory, 'logs', `rotated-${Date.now()}.log`));
    await this.log(`Starting minecraft server version ${this.options.version ?? '1.21.4'}`);
  }

  /** Messages `tellraw` sent, by player. */
  readonly told = new Map<string, string[]>();
  /** The addresses of the links in those messages, by player. */
  readonly toldLinks = new Map<string, string[]>();

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.management?.stop();
  }

  async log(message: string): Promise<void> {
    const time = new Date().toISOString().slice(11, 19);
    const line = this.options.logFormat === 'paper' ? `[${time} INFO]: ${message}` : `[${time}] [Server thread/INFO]: ${message}`;
    await appendFile(this.logFile, `${line}\n`);
  }

  /** Vanilla writes its lists before the command answers (StoredUserList.save on the server thread). */
  saveFiles(): void {
    const list = (map: Map<string, ManagedPlayer>, extra: object = {}) =>
      JSON.stringify(
        [...map.values()].map(({ id, name }) => ({ uuid: id, name, ...extra })),
        null,
        2,
      );
    writeFileSync(path.join(this.options.directory, 'ops.json'), list(this.ops, { level: 4, bypassesPlayerLimit: false }));
    writeFileSync(path.join(this.options.directory, 'whitelist.json'), list(this.whitelist));
    writeFileSync(
      path.join(this.options.directory, 'server.properties'),
      `${[`#Minecraft server properties`, `motd=${this.motd}`, `max-players=${this.maxPlayers}`, `difficulty=${this.difficulty}`, `gamemode=${this.defaultGameMode}`, `pvp=${this.pvp}`, `white-list=${this.whitelistOn}`, 'enable-rcon=true'].join('\n')}\n`,
    );
  }

  private serveManagement(secret: string, port: number): Promise<ManagementStandIn> {
    return ManagementStandIn.start(
      secret,
      {
        operators: () => [...this.ops.values()],
        allowlist: () => [...this.whitelist.values()],
        players: () => [...this.players.values()].map((player) => ({ id: player.uuid, name: player.name })),
        useAllowlist: () => this.whitelistOn,
        setMotd: (message) => {
          this.motd = message;
          this.saveFiles();
        },
        setMaxPlayers: (max) => {
          this.maxPlayers = max;
          this.saveFiles();
        },
        bans: this.bans,
        // Vanilla removes a player banned through the management protocol in its own words.
        disconnect: (name, reason) => this.disconnect(name, reason),
        playersFrom: () => [...this.players.values()].map((player) => player.name),
      },
      port,
    );
  }

  private listen(port: number): Promise<void> {
    this.server = createServer((socket) => this.accept(socket));
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', resolve));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let authenticated = false;
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 4) {
        // Vanilla's RconClient reads a packet into a 1,460-byte buffer and closes the connection when the packet did not fit.
        if (4 + buffer.readInt32LE(0) > packetByteLimit) {
          this.oversizedPackets += 1;
          socket.destroy();
          return;
        }
        if (buffer.length < 4 + buffer.readInt32LE(0)) break;
        const length = buffer.readInt32LE(0);
        const id = buffer.readInt32LE(4);
        const type = buffer.readInt32LE(8);
        const body = buffer.subarray(12, 4 + length - 2).toString('utf8');
        buffer = buffer.subarray(4 + length);
        if (type === 3) {
          authenticated = body === this.options.password;
          socket.write(packet(authenticated ? id : -1, 2, ''));
          if (!authenticated) socket.end();
          continue;
        }
        if (!authenticated) continue;
        if (type !== 2) {
          socket.write(packet(id, 0, `Unknown request ${type.toString(16)}`));
          continue;
        }
        this.commands.push(body);
        if (this.dropOn && body.startsWith(this.dropOn)) {
          this.dropOn = undefined;
          socket.destroy();
          return;
        }
        const reply = this.scripted.get(body) ?? this.runParsing(body);
        if (this.dropReplyOn && body.startsWith(this.dropReplyOn)) {
          this.dropReplyOn = undefined;
          socket.destroy();
          return;
        }
        // Vanilla splits long replies at 4,096 characters, each part a packet with the request's id.
        const parts = reply.length === 0 ? [''] : Array.from({ length: Math.ceil(reply.length / 4096) }, (_, index) => reply.slice(index * 4096, (index + 1) * 4096));
        for (const part of parts) socket.write(packet(id, 0, part));
        if (body === 'stop') {
          this.stopped = true;
          setImmediate(() => {
            socket.end();
            this.onStop?.();
          });
        }
      }
    });
  }

  /** A command whose JSON text does not parse is refused with vanilla's message, as the server would. */
  private runParsing(line: string): string {
    try {
      return this.run(line);
    } catch (error) {
      if (error instanceof SyntaxError) return `Invalid chat component: ${error.message}`;
      throw error;
    }
  }

  /** Selects players: a name, @a, @a[gamemode=<mode>] or @a[scores={<trigger>=1..},limit=1]. */
  private select(selector: string): StandInPlayer[] {
    if (selector === '@a') return [...this.players.values()];
    const gameMode = /^@a\[gamemode=(\w+)\]$/.exec(selector);
    if (gameMode) return [...this.players.values()].filter((player) => ['survival', 'creative', 'adventure', 'spectator'][player.gameType] === gameMode[1]);
    const triggered = /^@a\[scores=\{(\w+)=1\.\.\},limit=1\]$/.exec(selector);
    if (triggered) return [...this.players.values()].filter((player) => (player.triggers.get(triggered[1]!)?.score ?? 0) >= 1).slice(0, 1);
    const player = this.players.get(selector.toLowerCase());
    return player ? [player] : [];
  }

  private run(line: string): string {
    const words = line.split(' ');
    const [command] = words;
    const noEntity = 'No entity was found';
    switch (command) {
      case 'list': {
        const players = [...this.players.values()];
        return `There are ${players.length} of a max of ${this.maxPlayers} players online: ${players.map((player) => `${player.name} (${player.uuid})`).join(', ')}`;
      }
      case 'seed':
        return 'Seed: [-1234567890]';
      case 'data': {
        const [, , , selector, pathText] = words;
        const [player] = this.select(selector!);
        if (!player) return noEntity;
        const value = this.entityData(player, pathText!);
        return value === undefined ? `Found no elements matching ${pathText}` : `${player.name} has the following entity data: ${value}`;
      }
      case 'tp': {
        const [, name, ...rest] = words;
        const player = this.players.get(name!.toLowerCase());
        if (!player) return noEntity;
        if (rest.length === 1) {
          const target = this.players.get(rest[0]!.toLowerCase());
          if (!target) return noEntity;
          player.pos = [...target.pos];
          player.dimension = target.dimension;
          return `Teleported ${player.name} to ${target.name}`;
        }
        return this.teleport(player, player.dimension, rest);
      }
      case 'execute': {
        // `execute store success|result score <holder> <objective> run <command>`: the command, and its outcome kept in the same step.
        const store = /^execute store (success|result) score (\S+) (\S+) run (.+)$/.exec(line);
        if (store) {
          const scores = this.scores.get(store[3]!);
          if (!scores) return `Unknown scoreboard objective '${store[3]}'`;
          const reply = this.run(store[4]!);
          const succeeded = /^(Gave|Removed|Found) /.test(reply);
          const counted = /^(?:Removed|Found) (\d+) /.exec(reply);
          scores.set(store[2]!, store[1] === 'success' ? Number(succeeded) : succeeded ? Number(counted?.[1] ?? 1) : 0);
          return reply;
        }
        // Each player's feedback, glued without newlines as vanilla's RCON does.
        const each = /^execute as (\S+) run data get entity @s (\S+)$/.exec(line);
        if (each)
          return this.select(each[1]!)
            .map((player) => this.run(`data get entity ${player.name} ${each[2]}`))
            .join('');
        const match = /^execute in (\S+) run tp (\w+) (.+)$/.exec(line);
        if (!match) return unknownCommand(line);
        if (!['minecraft:overworld', 'minecraft:the_nether', 'minecraft:the_end'].includes(match[1]!)) return `Unknown dimension '${match[1]}'`;
        const player = this.players.get(match[2]!.toLowerCase());
        if (!player) return noEntity;
        return this.teleport(player, match[1]!, match[3]!.split(' '));
      }
      case 'tellraw': {
        const [, selector] = words;
        const targets = this.select(selector!);
        if (targets.length === 0) return 'No player was found';
        const { text, links } = readComponent(JSON.parse(line.slice(line.indexOf('{'))));
        for (const player of targets) {
          this.told.set(player.name, [...(this.told.get(player.name) ?? []), text]);
          if (links.length > 0) this.toldLinks.set(player.name, [...(this.toldLinks.get(player.name) ?? []), ...links]);
        }
        return '';
      }
      case 'whitelist':
        return this.whitelistCommand(words);
      case 'op':
      case 'deop': {
        const name = words[1]!;
        const has = this.ops.has(name.toLowerCase());
        if (command === 'op' ? has : !has) return command === 'op' ? 'Nothing changed. The player already is an operator' : 'Nothing changed. The player is not an operator';
        if (command === 'op') this.ops.set(name.toLowerCase(), { id: offlinePlayerUuid(name), name });
        else this.ops.delete(name.toLowerCase());
        this.saveFiles();
        const operator = { player: { id: offlinePlayerUuid(name), name }, permissionLevel: 4, bypassesPlayerLimit: false };
        this.management?.notify(command === 'op' ? 'operators/added' : 'operators/removed', { player: operator });
        return command === 'op' ? `Made ${name} a server operator` : `Made ${name} no longer a server operator`;
      }
      case 'difficulty': {
        const value = words[1]!;
        if (value === this.difficulty) return `The difficulty did not change; it is already set to ${capital(value)}`;
        this.difficulty = value;
        return `The difficulty has been set to ${capital(value)}`;
      }
      case 'defaultgamemode':
        this.defaultGameMode = words[1]!;
        return `The default game mode is now ${capital(words[1]!)} Mode`;
      case 'gamerule':
        if (words[1] === 'pvp' && (this.options.version ?? '1.21.4') >= '1.21.9') {
          this.pvp = words[2] === 'true';
          return `Gamerule pvp is now set to: ${words[2]}`;
        }
        return `Incorrect argument for command${line}<--[HERE]`;
      case 'give':
        return this.give(words);
      case 'clear':
        return this.clear(words);
      case 'bossbar':
        return this.bossbar(line, words);
      case 'kick': {
        const targets = this.select(words[1]!);
        if (targets.length === 0) return 'No player was found';
        const reason = words.slice(2).join(' ') || 'Kicked by an operator';
        for (const player of targets) this.disconnect(player.name, reason);
        return targets.map((player) => `Kicked ${player.name}: ${reason}`).join('');
      }
      case 'save-all':
        if (words[1] === 'flush') this.flushedSaves += 1;
        return 'Saving the game (this may take a moment!)Saved the game';
      // Vanilla's replies (commands.save.*), as RCON gives them.
      case 'save-off': {
        const was = this.autoSave;
        this.autoSave = false;
        return was ? 'Automatic saving is now disabled' : 'Saving is already turned off';
      }
      case 'save-on': {
        const was = this.autoSave;
        this.autoSave = true;
        return was ? 'Saving is already turned on' : 'Automatic saving is now enabled';
      }
      case 'stop':
        return 'Stopping the server';
      case 'scoreboard':
        return this.scoreboard(words);
      default:
        return (
          this.bans.command(
            words,
            this.commandSource,
            (name, reason) => this.disconnect(name, reason),
            (name) => this.players.get(name.toLowerCase())?.name,
          ) ?? unknownCommand(line)
        );
    }
  }

  private entityData(player: StandInPlayer, pathText: string): string | undefined {
    switch (pathText) {
      case 'Pos':
        return `[${player.pos.map((value) => `${value}d`).join(', ')}]`;
      case 'Rotation':
        return `[${player.rotation.map((value) => `${value}f`).join(', ')}]`;
      case 'Dimension':
        return `"${player.dimension}"`;
      case 'playerGameType':
        return String(player.gameType);
      case 'UUID': {
        const hex = player.uuid.replace(/-/g, '');
        return `[I; ${[0, 8, 16, 24].map((at) => parseInt(hex.slice(at, at + 8), 16) | 0).join(', ')}]`;
      }
      case 'Inventory':
        return `[${player.inventory
          .filter((stack) => !this.options.equipmentCompound || stack.slot < 100)
          .map((stack) =>
            stack.id === 'minecraft:iron_sword'
              ? `{Slot: ${stack.slot}b, components: {"minecraft:damage": 3}, count: ${stack.count}, id: "${stack.id}"}`
              : `{count: ${stack.count}, Slot: ${stack.slot}b, id: "${stack.id}"}`,
          )
          .join(', ')}]`;
      case 'equipment': {
        if (!this.options.equipmentCompound) return undefined;
        const parts: Record<number, string> = { 100: 'feet', 101: 'legs', 102: 'chest', 103: 'head', [-106]: 'offhand' };
        const entries = player.inventory
          .filter((stack) => stack.slot >= 100 || stack.slot === -106)
          .map((stack) => `${parts[stack.slot]}: {count: ${stack.count}, id: "${stack.id}"}`);
        return `{${entries.join(', ')}}`;
      }
      default:
        return undefined;
    }
  }

  private teleport(player: StandInPlayer, dimension: string, coordinates: string[]): string {
    const [x, y, z, yaw, pitch] = coordinates.map(Number);
    // Whole numbers are block-centred on x and z, as vanilla does.
    const centre = (text: string, value: number) => (text.includes('.') ? value : value + 0.5);
    player.pos = [centre(coordinates[0]!, x!), y!, centre(coordinates[2]!, z!)];
    player.dimension = dimension;
    if (yaw !== undefined) player.rotation = [yaw, pitch ?? 0];
    const format = (value: number) => value.toFixed(6);
    return `Teleported ${player.name} to ${player.pos.map(format).join(', ')}`;
  }

  private whitelistCommand(words: string[]): string {
    const [, action, name] = words;
    switch (action) {
      case 'add':
        if (this.whitelist.has(name!.toLowerCase())) return 'Player is already whitelisted';
        this.whitelist.set(name!.toLowerCase(), { id: offlinePlayerUuid(name!), name: name! });
        this.saveFiles();
        this.management?.notify('allowlist/added', { player: { id: offlinePlayerUuid(name!), name } });
        return `Added ${name} to the whitelist`;
      case 'remove':
        if (!this.whitelist.delete(name!.toLowerCase())) return 'Player is not whitelisted';
        this.saveFiles();
        this.management?.notify('allowlist/removed', { player: { id: offlinePlayerUuid(name!), name } });
        return `Removed ${name} from the whitelist`;
      case 'list': {
        const names = [...this.whitelist.values()].map((entry) => entry.name);
        return names.length ? `There are ${names.length} whitelisted player(s): ${names.join(', ')}` : 'There are no whitelisted players';
      }
      case 'on':
      case 'off': {
        const on = action === 'on';
        if (this.whitelistOn === on) return `Whitelist is already turned ${action}`;
        this.whitelistOn = on;
        this.saveFiles();
        return `Whitelist is now turned ${action}`;
      }
      default:
        return unknownCommand(words.join(' '));
    }
  }

  private give(words: string[]): string {
    const [, name, id, countText] = words;
    const player = this.players.get(name!.toLowerCase());
    if (!player) return 'No player was found';
    const item = id!.replace(/^minecraft:/, '');
    if (!itemNames[item]) return `Unknown item '${id}'`;
    const count = Number(countText ?? 1);
    let left = count;
    const size = item.endsWith('_sword') ? 1 : 64;
    for (const stack of player.inventory) {
      if (stack.id === `minecraft:${item}` && stack.slot <= 35 && stack.count < size) {
        const added = Math.min(left, size - stack.count);
        stack.count += added;
        left -= added;
      }
    }
    for (let slot = 0; slot <= 35 && left > 0; slot += 1) {
      if (player.inventory.some((stack) => stack.slot === slot)) continue;
      const added = Math.min(left, size);
      player.inventory.push({ slot, id: `minecraft:${item}`, count: added });
      left -= added;
    }
    // What did not fit would be dropped at the player's feet; the tests check nothing ever is.
    if (left > 0) throw new Error(`the stand-in was asked to give ${count} ${item}, ${left} more than fit`);
    return `Gave ${count} [${itemNames[item]}] to ${player.name}`;
  }

  private clear(words: string[]): string {
    const [, name, id, countText] = words;
    const player = this.players.get(name!.toLowerCase());
    if (!player) return 'No player was found';
    const item = id!.replace(/^minecraft:/, '');
    if (!itemNames[item]) return `Unknown item '${id}'`;
    const stacks = player.inventory.filter((stack) => stack.id === `minecraft:${item}`);
    const held = stacks.reduce((sum, stack) => sum + stack.count, 0);
    if (countText === '0') return held ? `Found ${held} matching item(s) on player ${player.name}` : `No items were found on player ${player.name}`;
    if (held === 0) return `No items were found on player ${player.name}`;
    let left = Math.min(Number(countText ?? held), held);
    const removed = left;
    for (const stack of stacks) {
      const taken = Math.min(left, stack.count);
      stack.count -= taken;
      left -= taken;
    }
    player.inventory = player.inventory.filter((stack) => stack.count > 0);
    return `Removed ${removed} item(s) from player ${player.name}`;
  }

  private bossbar(line: string, words: string[]): string {
    const [, action, id] = words;
    const bar = this.bossBars.get(id!);
    const missing = `No bossbar exists with the ID '${id}'`;
    if (action === 'add') {
      if (bar) return `A bossbar already exists with the ID '${id}'`;
      const title = (JSON.parse(line.slice(line.indexOf('{'))) as { text: string }).text;
      this.bossBars.set(id!, { title, value: 0, max: 100, color: 'white', players: [] });
      return `Created custom bossbar [${title}]`;
    }
    if (!bar) return missing;
    if (action === 'remove') {
      this.bossBars.delete(id!);
      return `Removed custom bossbar [${bar.title}]`;
    }
    const [, , , property, ...rest] = words;
    switch (property) {
      case 'max':
        bar.max = Number(rest[0]);
        return `Custom bossbar [${bar.title}] has changed maximum to ${bar.max}`;
      case 'value':
        bar.value = Number(rest[0]);
        return `Custom bossbar [${bar.title}] has changed value to ${bar.value}`;
      case 'color':
        bar.color = rest[0]!;
        return `Custom bossbar [${bar.title}] has changed color`;
      case 'name':
        bar.title = (JSON.parse(line.slice(line.indexOf('{'))) as { text: string }).text;
        return `Custom bossbar [${bar.title}] has been renamed`;
      case 'players': {
        bar.players = this.select(rest[0]!).map((player) => player.name);
        return bar.players.length
          ? `Custom bossbar [${bar.title}] now has ${bar.players.length} player(s): ${bar.players.join(', ')}`
          : `Custom bossbar [${bar.title}] no longer has any players`;
      }
      default:
        return unknownCommand(line);
    }
  }

  private scoreboard(words: string[]): string {
    if (words[1] === 'objectives' && words[2] === 'add' && words[4] === 'trigger') {
      if (this.triggerObjectives.has(words[3]!) || this.scores.has(words[3]!)) return 'An objective already exists by that name';
      this.triggerObjectives.add(words[3]!);
      return `Created new objective [${words[3]}]`;
    }
    // Other objectives keep the scores of any holder, players or hidden ones (#name).
    if (words[1] === 'objectives' && words[2] === 'add') {
      if (this.scores.has(words[3]!) || this.triggerObjectives.has(words[3]!)) return 'An objective already exists by that name';
      this.scores.set(words[3]!, new Map());
      return `Created new objective [${words[3]}]`;
    }
    if (words[1] === 'players' && words[2] === 'list') {
      const holders = [...new Set([...this.scores.values()].flatMap((scores) => [...scores.keys()]))];
      return holders.length === 0 ? 'There are no tracked entities' : `There are ${holders.length} tracked entity/entities: ${holders.join(', ')}`;
    }
    const scores = this.scores.get(words[4] ?? '');
    if (!scores && words[1] === 'players' && ['get', 'set', 'reset', 'enable'].includes(words[2]!) && !this.triggerObjectives.has(words[4]!))
      return `Unknown scoreboard objective '${words[4]}'`;
    if (scores && words[1] === 'players') {
      const [, , action, holder, objective, value] = words;
      if (action === 'get') return scores.has(holder!) ? `${holder} has ${scores.get(holder!)} [${objective}]` : `Can't get value of ${objective} for ${holder}; none is set`;
      if (action === 'set') {
        scores.set(holder!, Number(value));
        return `Set [${objective}] for ${holder} to ${value}`;
      }
      if (action === 'reset') {
        scores.delete(holder!);
        return `Reset [${objective}] for ${holder}`;
      }
    }
    if (words[1] === 'players' && words[2] === 'enable') {
      const targets = this.select(words[3]!);
      for (const player of targets) {
        const trigger = player.triggers.get(words[4]!) ?? { score: 0, enabled: false };
        player.triggers.set(words[4]!, { ...trigger, enabled: true });
      }
      return targets.length === 1 ? `Enabled trigger [${words[4]}] for ${targets[0]!.name}` : `Enabled trigger [${words[4]}] for ${targets.length} entities`;
    }
    if (words[1] === 'players' && words[2] === 'set') {
      const player = this.players.get(words[3]!.toLowerCase());
      if (!player) return 'No player was found';
      player.triggers.set(words[4]!, { score: Number(words[5]), enabled: player.triggers.get(words[4]!)?.enabled ?? false });
      return `Set [${words[4]}] for ${player.name} to ${words[5]}`;
    }
    return unknownCommand(words.join(' '));
  }
}

/** The most vanilla reads of one RCON packet, its length field included. */
const packetByteLimit = 1460;

function packet(id: number, type: number, body: string): Buffer {
  const payload = Buffer.from(body, 'utf8');
  const buffer = Buffer.alloc(payload.length + 14);
  buffer.writeInt32LE(payload.length + 10, 0);
  buffer.writeInt32LE(id, 4);
  buffer.writeInt32LE(type, 8);
  payload.copy(buffer, 12);
  return buffer;
}

function unknownCommand(line: string): string {
  return `Unknown or incomplete command. See below for error${line}<--[HERE]`;
}

function capital(text: string): string {
  return text[0]!.toUpperCase() + text.slice(1);
}

/**
 * A text component's text, and the addresses its parts open when clicked. A
 * link gives its address both ways a 1.21 server may read it (1.21.5 and
 * later `click_event.url`, earlier `clickEvent.value`); one that does not
 * is refused as vanilla refuses what it cannot read.
 */
function readComponent(component: unknown): { text: string; links: string[] } {
  if (typeof component === 'string') return { text: component, links: [] };
  if (Array.isArray(component)) return joined(component.map(readComponent));
  const part = component as { text?: unknown; extra?: unknown[]; click_event?: { action?: string; url?: string }; clickEvent?: { action?: string; value?: string } };
  const modern = part.click_event?.action === 'open_url' ? part.click_event.url : undefined;
  const legacy = part.clickEvent?.action === 'open_url' ? part.clickEvent.value : undefined;
  if ((modern !== undefined || legacy !== undefined) && modern !== legacy)
    throw new Error(`a link needs click_event.url and clickEvent.value, the same address: ${JSON.stringify(part)}`);
  const own = { text: typeof part.text === 'string' ? part.text : '', links: modern === undefined ? [] : [modern] };
  return joined([own, ...(part.extra ?? []).map(readComponent)]);
}

function joined(parts: Array<{ text: string; links: string[] }>): { text: string; links: string[] } {
  return { text: parts.map((part) => part.text).join(''), links: parts.flatMap((part) => part.links) };
}
