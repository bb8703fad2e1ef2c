/**
 * The game port of an instance on a network: this instance's own game
 * adapter, with what concerns a player carried to the instance the player is
 * on. Features do not know there is a network; whichever instance serves a
 * request, the answer is the same.
 *
 * - Who is online: this server's players and the others' (each with its
 *   `server`).
 * - About one player (a message, a teleport, an inventory, a kick): done here when the
 *   player is here, else by the instance they are on (PlayerNotOnlineError
 *   when they are on none). A teleport to a player joins two players of one
 *   server; two on different servers is a PlayerOnOtherServerError (409).
 * - Network-wide: a broadcast reaches every server; a whitelist change is
 *   recorded by the network first and then made on every server, so that a
 *   change the network cannot record is made nowhere, and a server that
 *   missed one (stopped, or cut off from the database) is brought to the
 *   network's whitelist when it starts or comes back; an operator of any
 *   server is an operator here (admin rights follow).
 * - This server's own: boss bars, settings and restarts (the settings
 *   feature applies a change on each instance), the console, the tick rate,
 *   the worlds, and the events of its players.
 */
import { GameUnavailableError, PlayerNotOnlineError, PlayerOnOtherServerError } from '../game/errors.js';
import type {
  Capabilities,
  Capability,
  CodeCommand,
  CodeCommandHandler,
  GameEventName,
  GameEvents,
  GamePort,
  Inventories,
  Location,
  Messaging,
  Moderation,
  OnlinePlayer,
  Operators,
  PlayerCommand,
  PlayerRef,
  ServerSoftware,
  Teleports,
  Whitelist,
} from '../game/port.js';
import type { EventEmitter } from 'node:events';
import { Cache } from '../lib/cache.js';
import type { Network } from './port.js';

/** What other instances may ask this one to do, by name. */
type Operation = (...args: never[]) => Promise<unknown>;

export class NetworkGame implements GamePort {
  readonly operators: Operators;
  private readonly wrapped: Partial<Capabilities>;
  /** Whitelist changes, this instance's, the others' and the catching up, made one after another on the game. */
  private whitelistTurn: Promise<unknown> = Promise.resolve();

  constructor(
    /** This server's own game adapter. */
    readonly local: GamePort,
    private readonly network: Network,
    private readonly log: (message: string) => void,
  ) {
    this.operators = this.operatorsEverywhere();
    this.wrapped = {
      ...(local.capability('messaging') ? { messaging: this.messagingAcross(local.capability('messaging')!) } : {}),
      ...(local.capability('teleports') ? { teleports: this.teleportsAcross(local.capability('teleports')!) } : {}),
      ...(local.capability('inventories') ? { inventories: this.inventoriesAcross(local.capability('inventories')!) } : {}),
      ...(local.capability('whitelist') ? { whitelist: this.whitelistEverywhere(local.capability('whitelist')!) } : {}),
      ...(local.capability('moderation') ? { moderation: this.kicksAcross(local.capability('moderation')!) } : {}),
    };
    network.subscribe(
      'broadcast',
      (payload) =>
        void this.local
          .capability('messaging')
          ?.broadcast((payload as { text: string }).text)
          .catch(() => undefined),
    );
    network.subscribe(
      'whitelist',
      (payload) => void this.applyWhitelist(payload as WhitelistChange).catch((error: Error) => this.log(`network: a whitelist change from another server: ${error.message}`)),
    );
    network.afterReconnect(() => void this.catchUpWhitelist());
  }

  get adapterName(): string {
    return this.local.adapterName;
  }
  get events(): EventEmitter<GameEvents> {
    return this.local.events;
  }
  get emits(): ReadonlySet<GameEventName> {
    return this.local.emits;
  }
  codeCommand(name: CodeCommand): string {
    return this.local.codeCommand(name);
  }

  /** The local adapter's capability, or the network's version of it. */
  capability<C extends Capability>(name: C): Capabilities[C] | undefined {
    const local = this.local.capability(name);
    if (!local) return undefined;
    return (this.wrapped[name] as Capabilities[C] | undefined) ?? local;
  }

  require<C extends Capability>(name: C): Capabilities[C] {
    this.local.require(name);
    return this.capability(name)!;
  }

  async start(): Promise<void> {
    await this.local.start();
    await this.network.start({ localPlayers: () => this.localPlayers(), serve: (operation, args) => this.serve(operation, args) });
    await this.catchUpWhitelist();
    // A game that connects later (the plugin, a vanilla server) is brought to the network's whitelist then.
    this.local.events.on('connection', ({ connected }) => {
      if (connected) void this.catchUpWhitelist();
    });
    // Presence follows joins and quits at once, not only at the heartbeat.
    const publish = () => void this.network.publishPlayers().catch(() => undefined);
    this.local.events.on('join', publish);
    this.local.events.on('quit', publish);
  }

  async stop(): Promise<void> {
    await this.network.stop();
    await this.local.stop();
  }

  isConnected(): boolean {
    return this.local.isConnected();
  }

  describeForOwner(): string[] {
    return [...this.local.describeForOwner(), `On the network as "${this.network.serverId}" (server.id), sharing the database with the other servers`];
  }

  serverSoftware(): ServerSoftware | undefined {
    return this.local.serverSoftware();
  }

  connectionProblem(): string | undefined {
    return this.local.connectionProblem?.();
  }

  onCodeCommand(name: CodeCommand, handler: CodeCommandHandler): void {
    this.local.onCodeCommand(name, handler);
  }

  addPlayerCommand(command: PlayerCommand): void {
    this.local.addPlayerCommand(command);
  }

  /** Everyone on the network: this server's players now, and the others' as they last published them. */
  async onlinePlayers(): Promise<OnlinePlayer[]> {
    const [here, elsewhere] = await Promise.all([this.localPlayers(), this.network.remotePlayers().catch(() => [])]);
    const seen = new Set(here.map((player) => player.uuid));
    return [...here, ...elsewhere.filter((player) => !seen.has(player.uuid))];
  }

  private async localPlayers(): Promise<OnlinePlayer[]> {
    return (await this.local.onlinePlayers()).map((player) => ({ ...player, server: this.network.serverId }));
  }

  /** The server a player is on: this one, another, or none. */
  private async serverOf(name: string): Promise<string | undefined> {
    const wanted = name.toLowerCase();
    if ((await this.local.onlinePlayers()).some((player) => player.name.toLowerCase() === wanted)) return this.network.serverId;
    return (await this.network.remotePlayers()).find((player) => player.name.toLowerCase() === wanted)?.server;
  }

  /** Runs `here` when the player is on this server, else asks their server to run `operation`. */
  private async forPlayer<T>(name: string, role: 'player' | 'target', operation: string, args: unknown[], here: () => Promise<T>): Promise<T> {
    const server = await this.serverOf(name);
    if (server === undefined) throw new PlayerNotOnlineError(name, role);
    if (server === this.network.serverId) return here();
    return (await this.network.call(server, operation, args)) as T;
  }

  private messagingAcross(local: Messaging): Messaging {
    return {
      sendMessage: (name, text) => this.forPlayer(name, 'player', 'messaging.sendMessage', [name, text], () => local.sendMessage(name, text)),
      // Told to the network first: a broadcast it cannot carry is shown on no server, not on this one alone.
      broadcast: async (text) => {
        await this.network.publish('broadcast', { text });
        await local.broadcast(text);
      },
    };
  }

  private teleportsAcross(local: Teleports): Teleports {
    return {
      worlds: () => local.worlds(),
      worldInfo: () => local.worldInfo(),
      teleportToPlayer: async (name, target) => {
        const [from, to] = await Promise.all([this.serverOf(name), this.serverOf(target)]);
        if (from === undefined) throw new PlayerNotOnlineError(name);
        if (to === undefined) throw new PlayerNotOnlineError(target, 'target');
        if (from !== to) throw new PlayerOnOtherServerError(target, to);
        if (from === this.network.serverId) return local.teleportToPlayer(name, target);
        return (await this.network.call(from, 'teleports.teleportToPlayer', [name, target])) as Awaited<ReturnType<Teleports['teleportToPlayer']>>;
      },
      teleportToLocation: (name, location: Location) =>
        this.forPlayer(name, 'player', 'teleports.teleportToLocation', [name, location], () => local.teleportToLocation(name, location)),
    };
  }

  private inventoriesAcross(local: Inventories): Inventories {
    return {
      read: (name) => this.forPlayer(name, 'player', 'inventories.read', [name], () => local.read(name)),
      give: (name, item, count, options) => this.forPlayer(name, 'player', 'inventories.give', [name, item, count, options ?? {}], () => local.give(name, item, count, options)),
      remove: (name, item, count, options) =>
        this.forPlayer(name, 'player', 'inventories.remove', [name, item, count, options ?? {}], () => local.remove(name, item, count, options)),
      ...(local.itemIds ? { itemIds: () => local.itemIds!() } : {}),
    };
  }

  /** A kick reaches the server the player is on; bans are this server's game's (the moderation feature records them for the network and makes them on each). */
  private kicksAcross(local: Moderation): Moderation {
    return {
      bans: () => local.bans(),
      ban: (ban) => local.ban(ban),
      lift: (target) => local.lift(target),
      kick: (name, message) => this.forPlayer(name, 'player', 'moderation.kick', [name, message], () => local.kick(name, message)),
      ...(local.setBanTexts ? { setBanTexts: (texts) => local.setBanTexts!(texts) } : {}),
    };
  }

  /**
   * Recorded for the network first, then made here; every other server
   * makes it on its own game when the notice reaches it. A change the
   * network cannot record (the database away) is made nowhere: the error is
   * the store's (503), and no game was touched. Each player's last add or
   * remove is the network's whitelist, kept by the network (retained under
   * the player's name), which every server's game is brought to at start and
   * reconnection (catchUpWhitelist); whether the whitelist is on is a live
   * setting, kept with the settings.
   */
  private whitelistEverywhere(local: Whitelist): Whitelist {
    return {
      isEnabled: () => local.isEnabled(),
      isWhitelisted: (name) => local.isWhitelisted(name),
      list: () => local.list(),
      setEnabled: (enabled) =>
        this.inTurn(async () => {
          this.requireGame();
          await this.network.publish('whitelist', { enabled } satisfies WhitelistChange);
          await this.madeHere(() => local.setEnabled(enabled));
        }),
      add: (name) =>
        this.inTurn(async () => {
          this.requireGame();
          await this.network.publish('whitelist', { add: name } satisfies WhitelistChange, { retainAs: name.toLowerCase() });
          return this.madeHere(() => local.add(name));
        }),
      remove: (name) =>
        this.inTurn(async () => {
          // Not on this server's whitelist: nothing to take off (404), here or anywhere.
          if (!(await local.isWhitelisted(name))) return false;
          await this.network.publish('whitelist', { remove: name } satisfies WhitelistChange, { retainAs: name.toLowerCase() });
          return this.madeHere(() => local.remove(name));
        }),
    };
  }

  /** A game away is refused before anything is recorded, rather than recorded for a game that cannot take it now. */
  private requireGame(): void {
    if (!this.local.isConnected()) throw new GameUnavailableError(this.local.connectionProblem?.() ?? `this server's game (${this.local.adapterName}) is not connected`);
  }

  /**
   * Makes on this server's game a change the network has recorded. Should the
   * game fail now (gone between the check and the change), the record stands:
   * the other servers make it, and this one's game is brought to it when it
   * connects again (or at the next catching up, asked for now).
   */
  private async madeHere<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      void this.catchUpWhitelist();
      if (error instanceof GameUnavailableError) {
        throw new GameUnavailableError(`${error.message} (the change is recorded for the network: this server's game gets it when it is back)`);
      }
      throw error;
    }
  }

  /** Runs a whitelist change after those before it, so that a late one never undoes a newer one. */
  private inTurn<T>(change: () => Promise<T>): Promise<T> {
    const turn = this.whitelistTurn.then(change);
    this.whitelistTurn = turn.catch(() => undefined);
    return turn;
  }

  private applyWhitelist(change: WhitelistChange): Promise<void> {
    return this.inTurn(async () => {
      const whitelist = this.local.capability('whitelist');
      if (!whitelist) return;
      if (change.enabled !== undefined) await whitelist.setEnabled(change.enabled);
      if (change.add !== undefined) await whitelist.add(change.add);
      if (change.remove !== undefined) await whitelist.remove(change.remove);
    });
  }

  /**
   * Brings this server's game whitelist to the network's: each player added
   * or removed through any instance is on it or off it as that last change
   * left them (changes made while this server was stopped or cut off
   * included). Players never changed through Gatehouse are left as they are.
   */
  private catchUpWhitelist(): Promise<void> {
    return this.inTurn(async () => {
      const whitelist = this.local.capability('whitelist');
      if (!whitelist || !this.local.isConnected()) return;
      const changes = (await this.network.retained('whitelist')) as WhitelistChange[];
      const listed = new Set((await whitelist.list()).map((player) => player.name.toLowerCase()));
      for (const change of changes) {
        if (change.add !== undefined && !listed.has(change.add.toLowerCase())) await whitelist.add(change.add);
        if (change.remove !== undefined && listed.has(change.remove.toLowerCase())) await whitelist.remove(change.remove);
      }
    }).catch((error: Error) => this.log(`network: bringing the whitelist to the network's: ${error.message}`));
  }

  /**
   * An operator of any server of the network is one here; operators are made
   * on this server. What the other servers answered is kept 5 s (admin checks
   * come with every admin request), and a server that does not answer within
   * a second counts as saying no.
   */
  private operatorsEverywhere(): Operators {
    const others = async () => (await this.network.instances()).filter((server) => server !== this.network.serverId);
    const askOthers = async <T>(operation: string, args: unknown[]): Promise<T[]> => {
      const answers = await Promise.allSettled((await others()).map((server) => this.network.call(server, operation, args, { timeoutMs: 1000 })));
      return answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value as T] : []));
    };
    const elsewhere = new Cache<string, boolean>('network operators', 'Whether a player is an operator of another server of the network', { limit: 10_000, ttlMs: 5000 });
    const operatorElsewhere = async (name: string) => {
      const key = name.toLowerCase();
      const known = elsewhere.get(key);
      if (known !== undefined) return known;
      const answer = (await askOthers<boolean>('operators.isOperator', [name])).includes(true);
      elsewhere.set(key, answer);
      return answer;
    };
    return {
      isOperator: async (name) => (await this.local.operators.isOperator(name)) || (await operatorElsewhere(name)),
      list: async () => {
        const everyone = [...(await this.local.operators.list()), ...(await askOthers<PlayerRef[]>('operators.list', [])).flat()];
        return [...new Map(everyone.map((player) => [player.name.toLowerCase(), player])).values()];
      },
      setOperator: (name, operator) => this.local.operators.setOperator(name, operator),
    };
  }

  /** What another instance asks of this one: always of this server's own game. */
  private serve(operation: string, args: unknown[]): Promise<unknown> {
    const local = this.local;
    const operations: Record<string, Operation> = {
      'messaging.sendMessage': (name: string, text: string) => local.require('messaging').sendMessage(name, text),
      'teleports.teleportToPlayer': (name: string, target: string) => local.require('teleports').teleportToPlayer(name, target),
      'teleports.teleportToLocation': (name: string, location: Location) => local.require('teleports').teleportToLocation(name, location),
      'inventories.read': (name: string) => local.require('inventories').read(name),
      'inventories.give': (name: string, item: string, count: number, options: { operationId?: string }) => local.require('inventories').give(name, item, count, options),
      'inventories.remove': (name: string, item: string, count: number, options: { operationId?: string }) => local.require('inventories').remove(name, item, count, options),
      'moderation.kick': (name: string, message: string) => local.require('moderation').kick(name, message),
      'operators.isOperator': (name: string) => local.operators.isOperator(name),
      'operators.list': () => local.operators.list(),
    };
    const run = operations[operation];
    if (!run) return Promise.reject(new GameUnavailableError(`this server does not serve ${operation}`));
    return (run as (...values: unknown[]) => Promise<unknown>)(...args);
  }
}

interface WhitelistChange {
  enabled?: boolean;
  add?: string;
  remove?: string;
}
