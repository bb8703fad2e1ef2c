import { partImplementations } from '../../store/part-implementations.js';
import { eventTypes } from '../events/kinds.js';
import { defineFeature } from '../feature.js';
import { webhooksRoutes } from './routes.js';
import { WebhookService } from './service.js';
import { webhooksPart } from './store.js';
import { jsonWebhooksPart } from './store-json.js';
import { postgresWebhooksPart } from './store-postgres.js';
import { DeliveryWorker } from './worker.js';

declare module '../services.js' {
  interface Services {
    webhooks: WebhookService;
  }
}

/** The chat webhook's own policy, as it always was: 4 tries, 1 s doubling, a 429 asking for more than a minute given up. */
const chatPolicy = { maxAttempts: 4, backoffMs: 1000, maxRetryAfterMs: 60_000 };

/**
 * Webhooks: admins subscribe URLs to kinds of event, and every delivery
 * (the chat webhook's posts too) goes through one queue kept in the store,
 * signed, retried across restarts and logged. The events group hands it
 * this instance's events.
 */
export const webhooksFeature = defineFeature({
  name: 'webhooks',
  storeParts: [partImplementations({ part: webhooksPart, json: jsonWebhooksPart, postgres: postgresWebhooksPart })],
  create: ({ config, store, services, now, log }) => {
    const settings = services.get('settings');
    const part = () => store.part(webhooksPart);
    const worker = new DeliveryWorker(part, (delivery) => webhooks.policyOf(delivery), {
      server: config.serverId,
      timeoutMs: 5000,
      allowPrivateAddresses: config.chatAllowPrivateAddresses,
      now,
      log: log.error,
    });
    const webhooks: WebhookService = new WebhookService(part, worker, {
      server: config.serverId,
      eventTypes,
      retry: { firstMs: config.webhooks.retryMs, maxMs: config.webhooks.maxRetryMs, maxAttempts: config.webhooks.maxAttempts },
      allowPrivateAddresses: config.chatAllowPrivateAddresses,
      now,
      chat: () => settings.read().chat,
      chatPolicy,
    });
    services.provide('webhooks', webhooks);
    services.get('retention').keepDays('webhook deliveries', config.webhooks.keepDays, (cutoff) => part().deleteBefore(cutoff));
    return {
      routes: webhooksRoutes(webhooks, services.get('audit')),
      start: () => worker.start(),
      stop: () => worker.stop(),
    };
  },
});
