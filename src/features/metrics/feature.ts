import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import { metricsHistoryRoutes, metricsRoutes } from './routes.js';
import { MetricsSampler } from './sampler.js';
import { currentFamilies, scrapePermission } from './service.js';
import { metricsHistoryPart } from './store.js';
import { jsonMetricsHistoryPart } from './store-json.js';
import { postgresMetricsHistoryPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    metricsSampler: MetricsSampler;
  }
}

/**
 * GET /metrics in the Prometheus text format, when `metrics.enabled`: for
 * the service token, or for the addresses in `metrics.allowed-addresses`
 * (a Prometheus server scraping without a token). Off, the path is a 404.
 *
 * Always: a sample of this server's figures each minute, kept for
 * `retention.metrics-history-days`, and GET /api/admin/metrics/history,
 * which reads every server's.
 */
export const metricsFeature = defineFeature({
  name: 'metrics',
  storeParts: [partImplementations({ part: metricsHistoryPart, json: jsonMetricsHistoryPart, postgres: postgresMetricsHistoryPart })],
  create: ({ config, game, ownGame, store, services, requests, now, log }) => {
    const history = store.part(metricsHistoryPart);
    const sampler = new MetricsSampler({ server: config.serverId, game: ownGame, requests, history, now, logError: log.error });
    services.provide('metricsSampler', sampler);
    services.get('retention').keepDays('metrics history', config.retention.metricsHistoryDays, (cutoff) => history.deleteBefore(cutoff));
    const routes = metricsHistoryRoutes(history, now);
    if (config.metrics.enabled) {
      const economy = services.has('economy') ? services.get('economy') : undefined;
      const mayScrape = scrapePermission(config.metrics.allowedAddresses, config.token);
      routes.push(...metricsRoutes(mayScrape, () => currentFamilies(game, requests, economy)));
    }
    return { routes, start: () => sampler.start(), stop: () => sampler.stop() };
  },
});
