import { partImplementations } from '../../store/part-implementations.js';
import { chatColours } from '../chat/colours.js';
import { defineFeature } from '../feature.js';
import { messagesRoutes } from './routes.js';
import { MessageService } from './service.js';
import { messagesPart } from './store.js';
import { jsonMessagesPart } from './store-json.js';
import { postgresMessagesPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    messages: MessageService;
  }
}

/** Direct messages to online players and announcements to everyone (also shown to players who join until they expire or are removed). */
export const messagesFeature = defineFeature({
  name: 'messages',
  storeParts: [partImplementations({ part: messagesPart, json: jsonMessagesPart, postgres: postgresMessagesPart })],
  create: ({ config, store, game, services, texts, log, now }) => {
    const stored = store.part(messagesPart);
    const messages = new MessageService(stored, game, texts, now, log.error);
    services.provide('messages', messages);
    services.get('retention').keepDays('messages', config.retention.messageDays, (cutoff) => stored.deleteBefore(cutoff));
    const audit = services.get('audit');
    const chat = services.get('chatEvents');
    messages.events.on('announced', (announcement) =>
      chat.post({
        title: 'Announcement',
        description: announcement.content,
        color: chatColours.announcement,
        fields: [
          { name: 'From', value: announcement.sentBy, inline: true },
          { name: 'Until', value: announcement.expiresAt ?? 'removed', inline: true },
        ],
      }),
    );
    return { routes: messagesRoutes(messages, audit) };
  },
});
