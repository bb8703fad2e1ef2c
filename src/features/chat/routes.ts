/** Checking the chat webhook with a test message (admins). */
import { ApiError, badRequest } from '../../errors.js';
import { route, type Route } from '../../http/route.js';
import { messageAnswer } from '../common/schemas.js';
import { WebhookDeliveryError, WebhookNotConfiguredError, type ChatWebhook } from './webhook.js';

export function chatRoutes(webhook: ChatWebhook, now: () => Date): Route[] {
  return [
    route({
      method: 'POST',
      path: '/api/admin/chat/test',
      access: 'admin',
      scope: 'settings:write',
      summary: 'Send a test message to the chat webhook',
      answer: messageAnswer,
      errors: { 400: 'No webhook URL is configured', 500: 'The webhook refused the message, could not be reached or did not answer within 5 s' },
      handle: async (request) => {
        try {
          await webhook.sendTest({
            content: 'Gatehouse test message',
            embeds: [{ title: 'Webhook test', description: `Sent by ${request.actor().name} from the Gatehouse API.`, color: 0x3498db, timestamp: now().toISOString() }],
          });
        } catch (error) {
          if (error instanceof WebhookNotConfiguredError) throw badRequest(error.message, 'webhook_not_configured');
          if (error instanceof WebhookDeliveryError) throw new ApiError(500, `Failed to send the test message: ${error.message}`, 'webhook_failed');
          throw error;
        }
        return { success: true as const, message: 'Test message sent to the chat webhook' };
      },
    }),
  ];
}
