import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import { teleportsRoutes } from './routes.js';
import { TeleportService } from './service.js';
import { teleportLogPart } from './store.js';
import { jsonTeleportLogPart } from './store-json.js';
import { postgresTeleportLogPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    teleports: TeleportService;
  }
}

/** Admin teleports: to a player, or to coordinates in any world; every one recorded and audited. */
export const teleportsFeature = defineFeature({
  name: 'teleports',
  storeParts: [partImplementations({ part: teleportLogPart, json: jsonTeleportLogPart, postgres: postgresTeleportLogPart })],
  create: ({ config, store, game, services, texts, now }) => {
    const log = store.part(teleportLogPart);
    const teleports = new TeleportService(game, log, texts, now);
    services.provide('teleports', teleports);
    const audit = services.get('audit');
    services.get('retention').keepDays('teleport log', config.retention.teleportLogDays, (cutoff) => log.deleteBefore(cutoff));
    return { routes: teleportsRoutes(teleports, audit) };
  },
});
