import { defineFeature } from '../feature.js';
import { teleportsRoutes } from './routes.js';
import { TeleportService } from './service.js';

declare module '../services.js' {
  interface Services {
    teleports: TeleportService;
  }
}

/** Admin teleports: to a player, or to coordinates in any world; every one recorded and audited. */
export const teleportsFeature = defineFeature({
  name: 'teleports',
  create: ({ config, store, game, services, texts, now }) => {
    const teleports = new TeleportService(game, store.teleportLog, texts, now);
    services.provide('teleports', teleports);
    const audit = services.get('audit');
    services.get('retention').keepDays('teleport log', config.retention.teleportLogDays, (cutoff) => store.teleportLog.deleteBefore(cutoff));
    return { routes: teleportsRoutes(teleports, audit) };
  },
});
