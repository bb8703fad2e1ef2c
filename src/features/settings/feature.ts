import { validate } from '../../http/validation.js';
import { StoreCorruptError } from '../../store/port.js';
import { defineFeature } from '../feature.js';
import { settingsRoutes } from './routes.js';
import { settingsChange } from './schemas.js';
import { SettingsService } from './service.js';

declare module '../services.js' {
  interface Services {
    settings: SettingsService;
  }
}

/** The live settings (GET/POST /api/admin/settings): config.yml's defaults with admins' changes on top, applied in game. */
export const settingsFeature = defineFeature({
  name: 'settings',
  create: async ({ config, store, game, services, log, network }) => {
    const settings = await SettingsService.open(
      config.settings,
      store,
      (stored) => {
        try {
          validate(settingsChange, stored);
        } catch (error) {
          throw new StoreCorruptError(`${config.dataDirectory}/settings.json holds invalid settings (${(error as Error).message}); fix or remove it`);
        }
      },
      log.error,
    );
    settings.attachGame(game);
    services.provide('settings', settings);
    network.subscribe('settings', (payload) => {
      const updated = (payload as { updated?: unknown }).updated;
      if (Array.isArray(updated)) void settings.reload(updated.filter((key): key is string => typeof key === 'string')).catch((error: Error) => log.error(`settings: reading another server's change: ${error.message}`));
    });
    const audit = services.get('audit');
    return { routes: settingsRoutes(settings, audit, network, config.chatAllowPrivateAddresses) };
  },
});
