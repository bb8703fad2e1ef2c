import { validate } from '../../http/validation.js';
import { partImplementations } from '../../store/part-implementations.js';
import { StoreCorruptError } from '../../store/port.js';
import { defineFeature } from '../feature.js';
import { settingsRoutes } from './routes.js';
import { storedSettings } from './schemas.js';
import { SettingsService } from './service.js';
import { settingsPart } from './store.js';
import { jsonSettingsPart } from './store-json.js';
import { postgresSettingsPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    settings: SettingsService;
  }
}

/** The live settings (GET/POST /api/admin/settings): config.yml's defaults with admins' changes on top, applied in game; a null change returns a key to config.yml's value. */
export const settingsFeature = defineFeature({
  name: 'settings',
  storeParts: [partImplementations({ part: settingsPart, json: jsonSettingsPart, postgres: postgresSettingsPart })],
  create: async ({ config, store, game, services, log, network }) => {
    const settings = await SettingsService.open(
      config.settings,
      store,
      (stored) => {
        try {
          validate(storedSettings, stored);
        } catch (error) {
          throw new StoreCorruptError(`${config.dataDirectory}/settings.json holds invalid settings (${(error as Error).message}); fix or remove it`);
        }
      },
      log.error,
      network,
    );
    // Else an owner who edits config.yml after an admin changed the same key through the API wonders why nothing changes.
    const overridden = settings.overriddenKeys();
    if (overridden.length > 0) {
      log.info(
        `settings changed through the API override config.yml for: ${overridden.join(', ')} (give one back to config.yml on the console's Settings page, or with DELETE /api/admin/settings/overrides/<key>)`,
      );
    }
    settings.attachGame(game);
    services.provide('settings', settings);
    network.subscribe('settings', (payload) => {
      const updated = (payload as { updated?: unknown }).updated;
      if (Array.isArray(updated))
        void settings
          .reload(updated.filter((key): key is string => typeof key === 'string'))
          .catch((error: Error) => log.error(`settings: reading another server's change: ${error.message}`));
    });
    // Back on the database: what was recorded meanwhile (or by this instance, its answer lost) is made here too.
    network.afterReconnect(() => void settings.reload().catch((error: Error) => log.error(`settings: reading the network's settings again: ${error.message}`)));
    const audit = services.get('audit');
    return { routes: settingsRoutes(settings, audit, config.chatAllowPrivateAddresses) };
  },
});
