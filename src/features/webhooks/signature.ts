/**
 * Signing as the Standard Webhooks specification says, with its own
 * library (`standardwebhooks`): `webhook-id` (the message's id, the same on
 * every try), `webhook-timestamp` (seconds, this try's) and
 * `webhook-signature` (`v1,` and the HMAC-SHA256 of `id.timestamp.body` under
 * the subscription's secret, base64). A receiver verifies with the same
 * library (`new Webhook(secret).verify(body, headers)`), or any other.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` and 32 random bytes in base64, the form the specification's libraries read. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}
