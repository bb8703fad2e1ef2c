import { PlayerNotOnlineError } from '../errors.js';
import { gameModes, type GameMode, type Location, type OnlinePlayer, type Operators, type PlayerRef } from '../port.js';
import { playerArgument } from './arguments.js';
import type { RconCommand } from './connection.js';
import { worldOf } from './dimensions.js';
import { entityData } from './entity-data.js';
import type { ManagedLists } from './managed-lists.js';
import { parseEntityDataOfEach, parseListUuids, parseOperatorChange, UnexpectedReplyError } from './replies.js';
import type { ServerFiles } from './server-files.js';
import type { RconWorlds } from './worlds.js';

/** Where a player is, and in which game mode. */
type Place = { location: Location; gameMode: GameMode };

/**
 * Who is online (`list uuids`), each with their place and game mode from
 * their entity data, and the address their login line in the log gave.
 */
export class RconOnlinePlayers {
  constructor(
    private readonly command: RconCommand,
    private readonly worlds: RconWorlds,
    /** The address a player logged in from, as the log said; undefined when it did not. */
    private readonly addressOf: (name: string) => string | undefined,
  ) {}

  async list(): Promise<OnlinePlayer[]> {
    const { players } = parseListUuids(await this.command('list uuids'));
    let places: Map<string, Place>;
    try {
      places = players.length > 1 ? await this.placesOfEveryone(players.map((player) => player.name)) : await this.placesOneByOne(players);
    } catch (error) {
      // Someone joined between the list and the questions: ask one by one.
      if (!(error instanceof UnexpectedReplyError)) throw error;
      places = await this.placesOneByOne(players);
    }
    const online: OnlinePlayer[] = [];
    for (const player of players) {
      const place = places.get(player.name);
      // Not there: left between the list and the questions.
      if (!place) continue;
      // RCON cannot ask a player's ping.
      online.push({ ...player, ipAddress: this.addressOf(player.name) ?? 'unknown', ...place, ping: 0 });
    }
    return online;
  }

  /**
   * Everyone's place and game mode in six commands, however many are online:
   * positions and rotations for all at once, and dimensions once per game
   * mode (a game mode is a bare number, which cannot be told apart from the
   * next player's name when the replies are glued).
   */
  private async placesOfEveryone(names: string[]): Promise<Map<string, Place>> {
    const each = async (selector: string, path: string) => parseEntityDataOfEach(await this.command(`execute as ${selector} run data get entity @s ${path}`), names);
    const positions = await each('@a', 'Pos');
    const rotations = await each('@a', 'Rotation');
    const places = new Map<string, Place>();
    for (const gameMode of gameModes) {
      for (const [name, dimension] of await each(`@a[gamemode=${gameMode}]`, 'Dimension')) {
        const [x, y, z] = (positions.get(name) ?? []) as number[];
        // Moved between two commands in a way that lost them (left and came back): ask again later.
        if (x === undefined || y === undefined || z === undefined) continue;
        const [yaw, pitch] = (rotations.get(name) ?? [0, 0]) as number[];
        places.set(name, { location: { world: worldOf(String(dimension)), x, y, z, yaw, pitch }, gameMode });
      }
    }
    return places;
  }

  private async placesOneByOne(players: PlayerRef[]): Promise<Map<string, Place>> {
    const places = new Map<string, Place>();
    for (const player of players) {
      try {
        const [location, mode] = await Promise.all([this.worlds.locationOf(player.name), entityData(this.command, player.name, 'playerGameType')]);
        places.set(player.name, { location, gameMode: gameModes[Number(mode)] ?? 'survival' });
      } catch (error) {
        if (!(error instanceof PlayerNotOnlineError)) throw error;
      }
    }
    return places;
  }
}

/**
 * The server's operators, changed by `op` and `deop`. The list comes from the
 * management protocol while it is connected, else from ops.json where the
 * server's directory is known; without either it is empty.
 */
export class RconOperators implements Operators {
  constructor(
    private readonly command: RconCommand,
    private readonly files: ServerFiles | undefined,
    private readonly managed: ManagedLists,
  ) {}

  async isOperator(name: string): Promise<boolean> {
    return (await this.list()).some((entry) => entry.name.toLowerCase() === name.toLowerCase());
  }

  async list(): Promise<PlayerRef[]> {
    return this.managed.operators ?? (await this.files?.operators()) ?? [];
  }

  async setOperator(name: string, operator: boolean): Promise<boolean> {
    const changed = parseOperatorChange(await this.command(`${operator ? 'op' : 'deop'} ${playerArgument(name)}`));
    if (changed) this.managed.noteOperator(name, operator);
    return changed;
  }
}
