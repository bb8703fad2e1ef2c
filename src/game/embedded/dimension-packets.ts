/**
 * Every login and respawn packet names the dimension type of the world the
 * player is in, by its number in the dimension type registry the client was
 * sent (overworld, the_nether, the_end): the client takes its sky, its light
 * and its height from it, and mineflayer reports it as `game.dimension`.
 * flying-squid names the overworld's in every login (the one of its login
 * packet data) and writes its respawn in the shape of before 1.20.5 with no
 * dimension type at all; both are written here from the world the player is
 * in when the packet goes out (set before either is sent: at login by
 * kept-worlds.ts, at a switch of world by worlds.ts).
 */
import { gameModes } from '../port.js';
import type { SquidPlayer, SquidServer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';
import type { EmbeddedWorlds } from './worlds.js';

type Packet = Record<string, unknown>;

export class DimensionPackets implements EmbeddedModule {
  /** Dimension type numbers by key, as the running server's registry data numbers them. */
  private typeNumbers = new Map<string, number>();

  constructor(private readonly worlds: EmbeddedWorlds) {}

  attach(serv: SquidServer): void {
    const types = serv._server.options.registryCodec?.['minecraft:dimension_type']?.entries ?? [];
    this.typeNumbers = new Map(types.map((entry, index) => [entry.key, index]));
  }

  watchPlayer(player: SquidPlayer): void {
    const client = player._client;
    const write = client.write.bind(client);
    client.write = (name: string, params: Packet) => {
      if (name === 'login') return write(name, { ...params, worldState: { ...(params.worldState as Packet), ...this.dimensionOf(player) } });
      if (name === 'respawn' && !('worldState' in params)) return write(name, { worldState: this.respawnState(player, params), copyMetadata: 0 });
      write(name, params);
    };
  }

  /** The dimension type's number and the dimension's key, of the world the player is in now. */
  private dimensionOf(player: SquidPlayer): { dimension: number; name: string } {
    const key = this.worlds.keyOf(player.world);
    return { dimension: this.typeNumbers.get(key) ?? 0, name: key };
  }

  /** flying-squid's respawn fields in the 1.21.4 packet's shape. */
  private respawnState(player: SquidPlayer, params: Packet): Packet {
    return {
      ...this.dimensionOf(player),
      hashedSeed: params.hashedSeed ?? [0, 0],
      gamemode: gameModes[Number(params.gamemode) || 0] ?? 'survival',
      previousGamemode: typeof params.previousGameMode === 'number' && params.previousGameMode >= 0 ? params.previousGameMode : 255,
      isDebug: false,
      isFlat: true,
      portalCooldown: 0,
      seaLevel: -63,
    };
  }
}
