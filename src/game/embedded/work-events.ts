import type { EventEmitter } from 'node:events';
import type { GameEventName, GameEvents, Location } from '../port.js';
import type { SquidEntity, SquidPlayer, SquidServer, SquidWorld, Vec3Like } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';
import { gameModeOf, refOf } from './online-players.js';
import type { EmbeddedWorlds } from './worlds.js';

/** How long a dead mob lies before it is removed from clients, as vanilla's death animation (20 ticks). */
const deadMobRemovalMs = 1000;

/**
 * A player's work in the world, for jobs, from what real clients do:
 * `blockBroken` when a dig completes (not when a `dug_cancel` handler vetoed
 * it), `blockPlaced` when a held item places a block, `entityKilled` when a
 * player's hit brings an entity's health to 0. Each carries the player's game
 * mode at that moment.
 */
export class WorkEvents implements EmbeddedModule {
  static readonly emitted: readonly GameEventName[] = ['blockBroken', 'blockPlaced', 'entityKilled'];
  /** Hits that brought their target from alive to dead (flying-squid has no death event). */
  private readonly fatalHits = new WeakSet<object>();

  constructor(
    private readonly events: EventEmitter<GameEvents>,
    private readonly worlds: EmbeddedWorlds,
  ) {}

  attach(serv: SquidServer): void {
    // flying-squid's placement has no behaviour to listen to; placeItem is where it decides which block a held item
    // places, once every check has passed, and from there the placement always goes through.
    const placeItem = serv.placeItem;
    serv.placeItem = async (placement) => {
      const placed = await placeItem(placement);
      const block = placed.id === undefined ? undefined : serv.registry.blocks[placed.id];
      if (block) this.events.emit('blockPlaced', { ...this.work(placement.player, this.blockLocation(placement.player.world, placement.placedPosition)), block: block.name });
      return placed;
    };
    serv.on('newEntity', (entity: SquidEntity) => this.watchHealth(entity));
  }

  watchPlayer(player: SquidPlayer): void {
    player.on('dug', ({ position, block }: { position: Vec3Like; block: { name: string } }, cancelled: boolean) => {
      if (cancelled) return;
      this.events.emit('blockBroken', { ...this.work(player, this.blockLocation(player.world, position)), block: block.name });
    });
    player.on('attack_done', (hit: { attackedEntity: SquidEntity }, cancelled: boolean) => {
      if (cancelled || !this.fatalHits.has(hit)) return;
      const entity = hit.attackedEntity;
      this.events.emit('entityKilled', { ...this.work(player, this.worlds.positionOf(entity)), entity: entity.type === 'player' ? 'player' : (entity.name ?? 'unknown') });
    });
  }

  /** Marks the hit that kills, and removes a dead mob from clients' sight (flying-squid leaves it standing). */
  private watchHealth(entity: SquidEntity): void {
    const takeDamage = entity.takeDamage;
    entity.takeDamage = (hit) => {
      const wasAlive = entity.health > 0;
      takeDamage(hit);
      if (!wasAlive || entity.health > 0) return;
      this.fatalHits.add(hit);
      if (entity.type !== 'player') {
        setTimeout(() => entity._writeOthersNearby('entity_destroy', { entityIds: [entity.id] }), deadMobRemovalMs).unref();
      }
    };
  }

  private work(player: SquidPlayer, location: Location) {
    return { player: refOf(player), gameMode: gameModeOf(player), location };
  }

  private blockLocation(world: SquidWorld, { x, y, z }: Vec3Like): Location {
    return { world: this.worlds.nameOf(world), x, y, z };
  }
}
