import { defineFeature } from '../feature.js';
import { chatSubscription } from '../webhooks/service.js';
import { chatColours } from './colours.js';
import { chatRoutes } from './routes.js';
import { ChatWebhook, type Embed } from './webhook.js';

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
    const webhooks = services.get('webhooks');
    // One kind of webhook subscription underneath: its posts go through the webhooks' delivery queue.
    const webhook = new ChatWebhook(() => settings.read().chat, webhooks, { log: log.error, allowPrivateAddresses: config.chatAllowPrivateAddresses });
    webhooks.worker.events.on('settled', (delivery) => {
      if (delivery.subscription === chatSubscription) webhook.settled();
    });
    const chat: ChatEvents = { webhook, post: (embed) => webhook.post({ embeds: [{ ...embed, timestamp: now().toISOString() }] }) };
    services.provide('chatEvents', chat);
    game.events.on('join', ({ player }) => chat.post({ title: 'Player joined', description: `${player.name} joined the game`, color: chatColours.join }));
    game.events.on('quit', ({ player }) => chat.post({ title: 'Player left', description: `${player.name} left the game`, color: chatColours.leave }));
    return {
      routes: chatRoutes(webhook, now),
      start: async () => {
        await webhook.resume();
        chat.post({ title: 'Server started', description: 'Gatehouse and the game server are up.', color: chatColours.server });
      },
      stop: async () => {
        chat.post({ title: 'Server stopping', description: 'Gatehouse is shutting down.', color: chatColours.leave });
        await webhook.idle(3000);
      },
    };
  },
});
