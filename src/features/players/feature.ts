import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import type { ItemPricing } from './item-pricing.js';
import { playersRoutes } from './routes.js';
import { positionsPart } from './store.js';
import { jsonPositionsPart } from './store-json.js';
import { postgresPositionsPart } from './store-postgres.js';
import { PlayerTracker } from './tracker.js';

declare module '../services.js' {
  interface Services {
    players: PlayerTracker;
    itemPricing: ItemPricing;
  }
}

/**
 * The players group: who is online, a player's inventory, and the worlds
 * (maps) a player can be in with where they were last seen in each.
 */
export const playersFeature = defineFeature({
  name: 'players',
  storeParts: [partImplementations({ part: positionsPart, json: jsonPositionsPart, postgres: postgresPositionsPart })],
  create: ({ config, store, game, services, log, now }) => {
    const tracker = new PlayerTracker(game, store, now, log.error);
    services.provide('players', tracker);
    if (services.has('teleports')) tracker.followTeleports(services.get('teleports'));
    const access = services.get('access');
    const settings = services.get('settings');

    return {
      routes: playersRoutes({
        game,
        store,
        tracker,
        access,
        serverId: config.serverId,
        maxPlayers: () => settings.read().maxPlayers,
        itemPricing: () => (services.has('itemPricing') ? services.get('itemPricing') : undefined),
      }),
      start: () => {
        tracker.start();
        void tracker.refresh();
      },
      stop: () => tracker.stop(),
    };
  },
});
