/** Subscribing webhooks to kinds of event, and their delivery log with "send again" (admins, or a key with webhooks:read/write). */
import { invalidField } from '../../errors.js';
import { route, type Route } from '../../http/route.js';
import type { AuditTrail } from '../audit/service.js';
import { messageAnswer, pagination } from '../common/schemas.js';
import { eventKinds } from '../events/kinds.js';
import { deliveryAnswer, subscriptionAnswer } from './answers.js';
import {
  deliveriesAnswer,
  deliveriesQuery,
  kindsAnswer,
  oneDeliveryAnswer,
  oneSubscriptionAnswer,
  subscribeBody,
  subscriptionListAnswer,
  subscriptionWithSecretAnswer,
} from './schemas.js';
import type { WebhookService } from './service.js';

export function webhooksRoutes(webhooks: WebhookService, audit: AuditTrail): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/webhooks/kinds',
      access: 'admin',
      scope: 'webhooks:read',
      summary: 'The kinds of event a webhook may be subscribed to, each with what it says and the scope a key needs to read it on the stream',
      answer: kindsAnswer,
      handle: () => ({ success: true as const, kinds: eventKinds.map(({ type, summary, scope }) => ({ type, summary, scope })) }),
    }),
    route({
      method: 'GET',
      path: '/api/admin/webhooks/deliveries',
      access: 'admin',
      scope: 'webhooks:read',
      summary: 'The delivery log, newest first: each message to each webhook (the chat webhook’s too), its state, tries, last answer and when',
      query: deliveriesQuery,
      answer: deliveriesAnswer,
      handle: async ({ query }) => {
        const { deliveries, total } = await webhooks.deliveries(query);
        return { success: true as const, deliveries: deliveries.map(deliveryAnswer), pagination: pagination(query.page, query.limit, total) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/webhooks/deliveries/:id/resend',
      access: 'admin',
      scope: 'webhooks:write',
      summary: 'Send a delivery again (delivered, failed or pending): due now, with the same webhook-id',
      answer: oneDeliveryAnswer,
      errors: { 400: 'id is not a delivery id (a whole number; field id)', 404: 'No such delivery, or its subscription was removed' },
      handle: async (request) => {
        const id = Number(request.params.id);
        if (!Number.isSafeInteger(id) || id < 1) throw invalidField('id', 'id must be a delivery id (a whole number)');
        const delivery = await webhooks.resend(id);
        await audit.record(request.actor(), 'webhooks.resend', { delivery: id, subscription: delivery.subscription, messageId: delivery.messageId });
        return { success: true as const, delivery: deliveryAnswer(delivery) };
      },
    }),
    route({
      method: 'GET',
      path: '/api/admin/webhooks',
      access: 'admin',
      scope: 'webhooks:read',
      summary: 'The webhook subscriptions (never their secrets)',
      answer: subscriptionListAnswer,
      handle: async () => ({ success: true as const, webhooks: (await webhooks.list()).map(subscriptionAnswer) }),
    }),
    route({
      method: 'POST',
      path: '/api/admin/webhooks',
      access: 'admin',
      scope: 'webhooks:write',
      summary: 'Subscribe a URL to kinds of event; the signing secret is in this answer only',
      body: subscribeBody,
      answer: subscriptionWithSecretAnswer,
      status: 201,
      errors: { 400: 'Invalid input, a kind of event that does not exist, or a URL at a private address (chat.allow-private-addresses is off)' },
      errorFields: { webhook_address_refused: 'url' },
      handle: async (request) => {
        const subscription = await webhooks.subscribe(request.body, request.actor());
        await audit.record(request.actor(), 'webhooks.subscribe', { id: subscription.id, url: subscription.url, types: subscription.types });
        return { success: true as const, webhook: subscriptionAnswer(subscription), secret: subscription.secret };
      },
    }),
    route({
      method: 'GET',
      path: '/api/admin/webhooks/:id',
      access: 'admin',
      scope: 'webhooks:read',
      summary: 'One webhook subscription',
      answer: oneSubscriptionAnswer,
      errors: { 404: 'No such subscription' },
      handle: async (request) => ({ success: true as const, webhook: subscriptionAnswer(await webhooks.find(request.params.id!)) }),
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/webhooks/:id',
      access: 'admin',
      scope: 'webhooks:write',
      summary: 'Remove a webhook subscription (its pending deliveries are given up)',
      answer: messageAnswer,
      errors: { 404: 'No such subscription' },
      handle: async (request) => {
        const removed = await webhooks.unsubscribe(request.params.id!);
        await audit.record(request.actor(), 'webhooks.unsubscribe', { id: removed.id, url: removed.url });
        return { success: true as const, message: `Webhook ${removed.id} removed` };
      },
    }),
  ];
}
