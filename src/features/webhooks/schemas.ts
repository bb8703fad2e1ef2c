/** The webhooks' request bodies and answers. */
import { t } from '../../lib/schema.js';
import { pageQuery, paginationObject, timestamp } from '../common/schemas.js';

export const subscribeBody = t.object({
  url: t.string({ format: 'http-url', minLength: 1, maxLength: 2000, 'x-message': 'must be an http or https URL' }),
  types: t.array(t.string({ pattern: '^([a-z_.]+|\\*)$' }), {
    minItems: 1,
    maxItems: 50,
    description: 'The kinds of event to send (see the Event schemas), or ["*"] for every kind.',
  }),
  description: t.optional(t.string({ maxLength: 200 })),
});

export const subscriptionObject = t.object({
  id: t.string({ example: 'wh_3f2a9c0d1e4b5a67' }),
  url: t.string(),
  types: t.array(t.string()),
  description: t.string(),
  createdBy: t.string(),
  createdAt: timestamp,
});

export const subscriptionListAnswer = t.object({ success: t.literal(true), webhooks: t.array(subscriptionObject) });
export const oneSubscriptionAnswer = t.object({ success: t.literal(true), webhook: subscriptionObject });
export const subscriptionWithSecretAnswer = t.object({
  success: t.literal(true),
  webhook: subscriptionObject,
  secret: t.string({ description: 'The signing secret (whsec_...), in this answer only: verify each delivery with it (Standard Webhooks).' }),
});

export const deliveryState = t.enum(['pending', 'delivered', 'failed'] as const);

export const deliveryObject = t.object({
  id: t.integer(),
  messageId: t.string({ description: 'The webhook-id header: the same on every try and every resend.' }),
  subscription: t.string({ description: 'The subscription, or chat for the chat webhook.' }),
  type: t.string({ description: 'The kind of event, or chat.' }),
  server: t.string(),
  state: deliveryState,
  attempts: t.integer(),
  lastStatus: t.nullable(t.integer({ description: 'The HTTP status the webhook answered last; null when it did not answer (or was not tried).' })),
  lastError: t.nullable(t.string()),
  createdAt: timestamp,
  lastAttemptAt: t.nullable(timestamp),
  nextAttemptAt: t.nullable(timestamp),
  deliveredAt: t.nullable(timestamp),
});

export const deliveriesQuery = t.object({
  subscription: t.optional(t.string({ maxLength: 64 })),
  state: t.optional(deliveryState),
  ...pageQuery({ default: 50, max: 200 }),
});

export const deliveriesAnswer = t.object({ success: t.literal(true), deliveries: t.array(deliveryObject), pagination: paginationObject });
export const oneDeliveryAnswer = t.object({ success: t.literal(true), delivery: deliveryObject });

export const kindsAnswer = t.object({
  success: t.literal(true),
  kinds: t.array(t.object({ type: t.string({ example: 'player.joined' }), summary: t.string(), scope: t.string({ example: 'players:read' }) })),
});
