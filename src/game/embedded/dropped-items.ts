/**
 * Dropped items as vanilla keeps them: an item lies for five minutes, items
 * of the same kind lying close together merge into one stack, and a player
 * in reach picks up the whole stack (as much of it as fits). Unlike vanilla,
 * the items on the ground have a cap (game.embedded.max-dropped-items): a
 * drop past it removes the oldest item instead of being refused, so digging
 * never stops dropping and never crowds anything else out (see
 * ./entity-limits.ts). Reaching the cap is logged once per server start.
 *
 * flying-squid spawns every drop through spawnObject and removes every
 * entity through destroyEntity; both are wrapped to keep the items in order
 * of age, and the player's collect is replaced: flying-squid's adds one item
 * whatever the stack, and plays a sound under a name 1.21.4 does not have
 * (the client plays the pickup sound itself when told of the pickup).
 * flying-squid never tells a 1.21.4 client which stack an item entity is (it
 * has that metadata in an older shape only), and the client draws an item
 * entity without one as nothing: the stack is sent as each player comes to
 * see the item, and again when a merge or a pickup changes it.
 */
import {
  squidRequire,
  type SquidEntity,
  type SquidItemConstructor,
  type SquidItemEntity,
  type SquidObjectOptions,
  type SquidPlayer,
  type SquidServer,
  type SquidWorld,
  type Vec3Like,
} from './flying-squid.js';
import { giveStacks } from './inventories.js';
import type { EmbeddedModule } from './module.js';

/** config.yml's default for game.embedded.max-dropped-items. */
export const defaultMaxDroppedItems = 1000;

/** Vanilla's lifetime of an item on the ground: 6000 ticks. */
const despawnAfterMs = 5 * 60 * 1000;
/** flying-squid's delay before a dug block's drop can be picked up, for a drop that names none. */
const defaultPickupDelayMs = 500;
/** Vanilla looks for items to merge with every 2 to 40 ticks. */
const mergeEveryTicks = 10;
/** Vanilla merges items whose boxes (0.25 wide and high), widened by 0.5 sideways only, touch. */
const mergeReachSideways = 0.75;
const mergeReachUpDown = 0.25;
/** The item entity's metadata entry holding its stack (1.17+). */
const stackMetadataKey = 8;

type SpawnObject = SquidServer['spawnObject'];

export class DroppedItems implements EmbeddedModule {
  private readonly grounds = new WeakMap<SquidServer, ItemsOnTheGround>();

  constructor(
    private readonly maxItems: number,
    private readonly log: (message: string) => void,
  ) {}

  attach(serv: SquidServer): void {
    this.grounds.set(serv, new ItemsOnTheGround(serv, this.maxItems, this.log));
  }

  watchPlayer(player: SquidPlayer, serv: SquidServer): void {
    const ground = this.grounds.get(serv);
    if (!ground) return;
    player.collect = (item) => ground.collect(player, item);
    const spawnEntity = player.spawnEntity;
    player.spawnEntity = (entity) => {
      spawnEntity(entity);
      ground.showStack(entity, player);
    };
  }
}

/** The items lying in one server's worlds. */
class ItemsOnTheGround {
  /** Oldest first. A merge moves the item it keeps to the end, as that item takes the younger one's age. */
  private readonly items = new Map<number, SquidItemEntity>();
  private readonly itemType: number;
  private readonly Item: SquidItemConstructor;
  private capReported = false;
  private ticks = 0;

  constructor(
    private readonly serv: SquidServer,
    private readonly maxItems: number,
    private readonly log: (message: string) => void,
  ) {
    this.itemType = serv.registry.entitiesByName.item!.id;
    this.Item = squidRequire<(registry: unknown) => SquidItemConstructor>('prismarine-item')(serv.registry);
    const spawnObject = serv.spawnObject;
    serv.spawnObject = (type, world, position, options) =>
      options?.itemId === undefined ? spawnObject(type, world, position, options) : this.drop(spawnObject, world, position, options);
    const destroyEntity = serv.destroyEntity;
    serv.destroyEntity = (entity: SquidEntity) => {
      this.items.delete(entity.id);
      destroyEntity(entity);
    };
    serv.on('tick', () => {
      if (++this.ticks % mergeEveryTicks === 0) this.mergeNeighbours();
    });
  }

  /** Takes as much of the item as fits into the player's inventory; the rest stays on the ground. */
  collect(player: SquidPlayer, item: SquidItemEntity): void {
    if (!this.items.has(item.id) || item.itemCount <= 0) return;
    const taken = giveStacks(player, { id: item.itemId, stackSize: this.stackSizeOf(item) }, item.itemCount, this.Item);
    if (taken === 0) return;
    item._writeOthersNearby('collect', { collectedEntityId: item.id, collectorEntityId: player.id, pickupItemCount: taken });
    item.itemCount -= taken;
    if (item.itemCount === 0) item.destroy();
    else this.showStack(item);
  }

  /** Tells `to`, or every player near the item, which stack it is. */
  showStack(entity: SquidEntity, to?: SquidPlayer): void {
    const item = this.items.get(entity.id);
    if (!item || item !== entity) return;
    const packet = {
      entityId: item.id,
      metadata: [
        {
          key: stackMetadataKey,
          type: 'item_stack',
          value: { itemCount: item.itemCount, itemId: item.itemId, addedComponentCount: 0, removedComponentCount: 0, components: [], removeComponents: [] },
        },
      ],
    };
    if (to) to._client.write('entity_metadata', packet);
    else item._writeOthersNearby('entity_metadata', packet);
  }

  private drop(spawnObject: SpawnObject, world: SquidWorld, position: Vec3Like, options: SquidObjectOptions): SquidEntity {
    while (this.items.size >= this.maxItems) this.removeOldest();
    // Spawned as an item whatever type the caller named (flying-squid's drop from the inventory screen names the
    // pre-1.11 id), and for vanilla's five minutes (that same drop names 30 seconds).
    const item = spawnObject(this.itemType, world, position, {
      ...options,
      itemCount: options.itemCount ?? 1,
      pickupTime: options.pickupTime ?? defaultPickupDelayMs,
      deathTime: despawnAfterMs,
    }) as SquidItemEntity;
    this.items.set(item.id, item);
    // The players who saw it spawn, just now: it was not known here yet.
    this.showStack(item);
    return item;
  }

  private removeOldest(): void {
    const [oldest] = this.items.values();
    if (!oldest) return;
    if (!this.capReported) {
      this.capReported = true;
      this.log(
        `embedded game server: ${this.maxItems} dropped items lie on the ground, the cap (game.embedded.max-dropped-items); from now on each new drop removes the oldest item`,
      );
    }
    oldest.destroy();
    this.items.delete(oldest.id);
  }

  /** Each item merges with the items of its kind it touches, the larger stack taking in the smaller, as in vanilla. */
  private mergeNeighbours(): void {
    const cells = new Map<string, SquidItemEntity[]>();
    const worlds = new Map<SquidWorld, number>();
    const cellKey = (item: SquidItemEntity, dx: number, dz: number) => {
      if (!worlds.has(item.world)) worlds.set(item.world, worlds.size);
      return `${worlds.get(item.world)}:${item.itemId}:${Math.floor(item.position.x) + dx}:${Math.floor(item.position.z) + dz}`;
    };
    for (const item of this.items.values()) {
      const key = cellKey(item, 0, 0);
      const cell = cells.get(key);
      if (cell) cell.push(item);
      else cells.set(key, [item]);
    }
    for (const item of [...this.items.values()]) {
      for (let dx = -1; dx <= 1 && this.items.has(item.id); dx++) {
        for (let dz = -1; dz <= 1 && this.items.has(item.id); dz++) {
          for (const other of cells.get(cellKey(item, dx, dz)) ?? []) {
            if (!this.items.has(item.id)) break;
            if (other !== item && this.items.has(other.id) && touching(item, other)) this.merge(item, other);
          }
        }
      }
    }
  }

  private merge(one: SquidItemEntity, other: SquidItemEntity): void {
    const [into, from] = one.itemCount >= other.itemCount ? [one, other] : [other, one];
    const moved = Math.min(this.stackSizeOf(into) - into.itemCount, from.itemCount);
    if (moved <= 0) return;
    into.itemCount += moved;
    from.itemCount -= moved;
    // Vanilla keeps the younger age and the longer pickup delay.
    into.bornTime = Math.max(into.bornTime, from.bornTime);
    into.pickupTime = Math.max(into.pickupTime ?? 0, from.pickupTime ?? 0);
    this.items.delete(into.id);
    this.items.set(into.id, into);
    this.showStack(into);
    if (from.itemCount === 0) from.destroy();
    else this.showStack(from);
  }

  private stackSizeOf(item: SquidItemEntity): number {
    return this.serv.registry.items[item.itemId]?.stackSize ?? 64;
  }
}

function touching(one: SquidItemEntity, other: SquidItemEntity): boolean {
  return (
    one.world === other.world &&
    Math.abs(one.position.x - other.position.x) <= mergeReachSideways &&
    Math.abs(one.position.z - other.position.z) <= mergeReachSideways &&
    Math.abs(one.position.y - other.position.y) <= mergeReachUpDown
  );
}
