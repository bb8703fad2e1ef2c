import { route, reply } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { MessageService } from '../../services/messages.js';
import { chatColours } from '../chat/colours.js';
import { gameText, messageAnswer, playerName, timestamp } from '../common/schemas.js';
import { defineFeature } from '../feature.js';

declare module '../services.js' {
  interface Services {
    messages: MessageService;
  }
}

const messageObject = t.object({
  id: t.integer(),
  type: t.enum(['ANNOUNCEMENT', 'DIRECT']),
  content: t.string(),
  createdAt: timestamp,
  expiresAt: t.nullable(timestamp),
  recipient: t.optional(t.string({ description: 'Only on DIRECT messages.' })),
  sentBy: t.string(),
});

/** Direct messages to online players and announcements to everyone (also shown to players who join until they expire). */
export const messagesFeature = defineFeature({
  name: 'messages',
  create: ({ config, store, game, services, texts, log, now }) => {
    const messages = new MessageService(store.messages, game, texts, now, log.error);
    services.provide('messages', messages);
    services.get('retention').keepDays('messages', config.retention.messageDays, (cutoff) => store.messages.deleteBefore(cutoff));
    const audit = services.get('audit');
    const chat = services.get('chatEvents');
    messages.events.on('announced', (announcement) =>
      chat.post({
        title: 'Announcement',
        description: announcement.content,
        color: chatColours.announcement,
        fields: [
          { name: 'From', value: announcement.sentBy, inline: true },
          { name: 'Until', value: announcement.expiresAt ?? '-', inline: true },
        ],
      }),
    );
    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/admin/messages',
          access: 'admin',
          summary: 'Announcements and direct messages, newest first (query: limit)',
          query: t.object({ limit: t.integer({ default: 100, minimum: 1, maximum: 500 }) }),
          answer: t.object({ success: t.literal(true), messages: t.array(messageObject) }),
          handle: async ({ query }) => ({ success: true as const, messages: await messages.list(query.limit) }),
        }),
        route({
          method: 'POST',
          path: '/api/admin/messages/send',
          access: 'admin',
          summary: 'Send a chat message to an online player',
          body: t.object({ username: playerName, message: gameText({ minLength: 1, maxLength: 256 }) }, { additionalProperties: true }),
          answer: messageAnswer,
          errors: { 400: 'Missing username or message', 404: 'The player is not online', 501: 'The game cannot send messages' },
          handle: async (request) => {
            const { username, message } = request.body;
            const actor = request.actor();
            const record = await messages.sendDirect(actor, username, message);
            await audit.record(actor, 'message.send', { id: record.id, recipient: username });
            return { success: true as const, message: `Message sent to ${username}` };
          },
        }),
        route({
          method: 'POST',
          path: '/api/admin/messages',
          access: 'admin',
          summary: 'Make an announcement: broadcast, posted to the webhook, shown on join until it expires',
          body: t.object({
            content: gameText({ minLength: 1, maxLength: 1000 }),
            expiresAt: t.optional(t.string({ format: 'iso-timestamp', 'x-message': 'must be an ISO 8601 timestamp such as 2026-12-01T18:00:00.000Z' })),
          }),
          answer: t.object({ success: t.literal(true), message: t.string(), announcement: messageObject }),
          status: 201,
          errors: { 400: 'expiresAt not in the future, or invalid content' },
          handle: async (request) => {
            const actor = request.actor();
            const announcement = await messages.announce(actor, request.body.content, request.body.expiresAt);
            await audit.record(actor, 'message.announce', { id: announcement.id, expiresAt: announcement.expiresAt });
            return reply({ success: true as const, message: 'Announcement sent', announcement }, { status: 201 });
          },
        }),
      ],
    };
  },
});
