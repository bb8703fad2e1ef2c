import { ApiError, badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { ChatWebhook, WebhookDeliveryError, WebhookNotConfiguredError, type Embed } from '../../services/chat-webhook.js';
import { messageAnswer } from '../common/schemas.js';
import { chatColours } from './colours.js';
import { defineFeature } from '../feature.js';

declare module '../services.js' {
  interface Services {
    /** Posts an event to the chat webhook (when enabled): never waits for it. */
    chatEvents: ChatEvents;
  }
}

export interface ChatEvents {
  post(embed: Omit<Embed, 'timestamp'>): void;
  readonly webhook: ChatWebhook;
}

/**
 * The chat webhook: a Discord-style embed for players joining and leaving
 * and for the server starting and stopping here; other features post their
 * own events (new accounts, announcements, restarts) through `chatEvents`.
 */
export const chatFeature = defineFeature({
  name: 'chat',
  create: ({ config, game, services, log, now }) => {
    const settings = services.get('settings');
    const webhook = new ChatWebhook(() => settings.get().chat, { log: log.error, allowPrivateAddresses: config.chatAllowPrivateAddresses });
    const chat: ChatEvents = { webhook, post: (embed) => webhook.post({ embeds: [{ ...embed, timestamp: now().toISOString() }] }) };
    services.provide('chatEvents', chat);
    game.events.on('join', ({ player }) => chat.post({ title: 'Player joined', description: `${player.name} joined the game`, color: chatColours.join }));
    game.events.on('quit', ({ player }) => chat.post({ title: 'Player left', description: `${player.name} left the game`, color: chatColours.leave }));
    return {
      routes: [
        route({
          method: 'POST',
          path: '/api/admin/chat/test',
          access: 'admin',
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
      ],
      start: () => chat.post({ title: 'Server started', description: 'Gatehouse and the game server are up.', color: chatColours.server }),
      stop: async () => {
        chat.post({ title: 'Server stopping', description: 'Gatehouse is shutting down.', color: chatColours.leave });
        await webhook.idle(3000);
      },
    };
  },
});
