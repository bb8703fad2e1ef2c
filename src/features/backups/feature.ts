import { defineFeature } from '../feature.js';
import { backupsRoutes } from './routes.js';
import { describeSchedule } from './schedule.js';
import { BackupService } from './service.js';

declare module '../services.js' {
  interface Services {
    backups: BackupService;
  }
}

/** Backups of the data and the world, taken while Gatehouse serves requests: on demand, on a schedule, before restarts. */
export const backupsFeature = defineFeature({
  name: 'backups',
  create: ({ config, store, ownGame, services, log, now }) => {
    const settings = config.backups;
    // This server's own game: on a network each server backs up its own world.
    const backups = new BackupService({
      directory: settings.directory,
      dataDirectory: config.dataDirectory,
      serverId: config.serverId,
      storage: config.storage.type,
      schedule: settings.schedule,
      keepDaily: settings.keepDaily,
      keepWeekly: settings.keepWeekly,
      store,
      game: ownGame,
      now,
      log: log.info,
      logError: log.error,
    });
    services.provide('backups', backups);
    if (settings.beforeRestart) services.get('restarts').beforeRestart(async (pending) => void (await backups.take('before restart', pending.requestedBy)));
    return {
      routes: backupsRoutes(backups, settings, services.get('audit'), now),
      start: async () => {
        const restored = await backups.takeRestoredNote();
        if (restored) await services.get('audit').record({ name: 'command line', ipAddress: '' }, 'backup.restore', { ...restored });
        await backups.recover();
        backups.startSchedule(async () => (await backups.list())[0]?.createdAt ?? null);
        if (settings.schedule.kind !== 'off') {
          log.info(
            `Backups: ${describeSchedule(settings.schedule)} into ${settings.directory} (keeping the newest of ${settings.keepDaily} days and ${settings.keepWeekly} weeks)`,
          );
        }
      },
      stop: () => backups.stop(),
    };
  },
});
