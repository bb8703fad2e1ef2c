import { route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { defineFeature } from '../feature.js';

/** The economy group: the currency (public). */
export const economyFeature = defineFeature({
  name: 'economy',
  create: ({ config, services }) => {
    const settings = services.get('settings');
    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/economy/symbol',
          access: 'public',
          summary: 'The currency symbol and name',
          answer: t.object({ success: t.literal(true), symbol: t.string(), name: t.string() }),
          handle: () => ({ success: true as const, symbol: settings.get().economy.currencySymbol, name: config.economy.currencyName }),
        }),
      ],
    };
  },
});
