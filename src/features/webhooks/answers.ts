/** The webhooks' presenters: records to answers (never a secret, never a body). */
import type { WebhookDelivery, WebhookSubscription } from './store.js';

export function subscriptionAnswer(subscription: WebhookSubscription) {
  const { id, url, types, description, createdBy, createdAt } = subscription;
  return { id, url, types, description, createdBy, createdAt };
}

export function deliveryAnswer(delivery: WebhookDelivery) {
  const { id, messageId, subscription, type, server, state, attempts, lastStatus, lastError, createdAt, lastAttemptAt, nextAttemptAt, deliveredAt } = delivery;
  return {
    id,
    messageId,
    subscription,
    type,
    server,
    state,
    attempts,
    lastStatus,
    lastError,
    createdAt,
    lastAttemptAt,
    nextAttemptAt: state === 'pending' ? nextAttemptAt : null,
    deliveredAt,
  };
}
