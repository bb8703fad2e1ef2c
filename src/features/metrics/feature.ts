import { defineFeature } from '../feature.js';
import { metricsRoutes } from './routes.js';
import { currentFamilies, scrapePermission } from './service.js';

/**
 * GET /metrics in the Prometheus text format, when `metrics.enabled`: for
 * the service token, or for the addresses in `metrics.allowed-addresses`
 * (a Prometheus server scraping without a token). Off, the path is a 404.
 */
export const metricsFeature = defineFeature({
  name: 'metrics',
  create: ({ config, game, services, requests }) => {
    if (!config.metrics.enabled) return {};
    const economy = services.has('economy') ? services.get('economy') : undefined;
    const mayScrape = scrapePermission(config.metrics.allowedAddresses, config.token);
    return { routes: metricsRoutes(mayScrape, () => currentFamilies(game, requests, economy)) };
  },
});
