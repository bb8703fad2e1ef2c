/**
 * flying-squid has one cap, `max-entities`, on everything in its entity
 * table, players and dropped items included, and refuses the entity that
 * would pass it by throwing: at a login the throw escapes from a timer (an
 * uncaught exception) and the player never spawns; at a dig it rejects a
 * promise nobody awaits (an unhandled rejection) and the drop is lost. A few
 * players digging for a job filled it with items and locked everyone else
 * out. So the server is started with that cap out of reach (lifecycle.ts),
 * and the limits are put back where they belong:
 * - players: none here; max-players and the login gate decide who joins;
 * - dropped items: their own cap, which removes the oldest (./dropped-items.ts);
 * - mobs and other objects, which only operators' commands and plugins
 *   spawn: the cap flying-squid had, refused with an error a command shows
 *   its player, and logged once.
 */
import type { SquidServer } from './flying-squid.js';

/** Mobs and objects other than dropped items at once: flying-squid's cap as Gatehouse used to set it. */
export const maxOtherEntities = 100;

export function limitEntities(serv: SquidServer, log: (message: string) => void): void {
  const itemType = serv.registry.entitiesByName.item?.id;
  const counted = (type: string, entityType: number | null | undefined) => type !== 'player' && !(type === 'object' && entityType === itemType);
  const initEntity = serv.initEntity;
  let reported = false;
  serv.initEntity = (type, entityType, world, position) => {
    if (counted(type, entityType)) {
      const others = Object.values(serv.entities).filter((entity) => entity && counted(entity.type, entity.entityType)).length;
      if (others >= maxOtherEntities) {
        if (!reported)
          log(
            `embedded game server: ${maxOtherEntities} mobs and objects exist, the most it keeps (dropped items and players are not counted); spawning more is refused until some are gone`,
          );
        reported = true;
        // commands.ts shows a user error's message to the player who typed the command.
        throw Object.assign(new Error(`There are already ${maxOtherEntities} mobs and objects in the worlds`), { userError: true });
      }
    }
    return initEntity(type, entityType, world, position);
  };
}
