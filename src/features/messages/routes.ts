/** Listing messages, sending one to a player, making an announcement (admins; every change audited). */
import { route, reply, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { AuditTrail } from '../audit/service.js';
import { messageAnswer, pageQuery, pagination, paginationObject } from '../common/schemas.js';
import { announcementBody, directMessageBody, messageObject } from './schemas.js';
import type { MessageService } from './service.js';

export function messagesRoutes(messages: MessageService, audit: AuditTrail): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/messages',
      access: 'admin',
      scope: 'messages:read',
      summary: 'Announcements and direct messages, newest first (query: page, limit 1-500)',
      query: t.object(pageQuery({ default: 100, max: 500 })),
      answer: t.object({ success: t.literal(true), messages: t.array(messageObject), pagination: paginationObject }),
      handle: async ({ query }) => {
        const found = await messages.page(query.page, query.limit);
        return { success: true as const, messages: found.messages, pagination: pagination(query.page, query.limit, found.total) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/messages/send',
      access: 'admin',
      scope: 'messages:write',
      summary: 'Send a chat message to an online player',
      body: directMessageBody,
      answer: messageAnswer,
      errors: { 400: 'Missing username or message', 404: 'The player is not online', 501: 'The game cannot send messages' },
      errorFields: { player_not_online: 'username' },
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
      scope: 'messages:write',
      summary: 'Make an announcement: broadcast, posted to the webhook, shown on join until it expires',
      body: announcementBody,
      answer: t.object({ success: t.literal(true), message: t.string(), announcement: messageObject }),
      status: 201,
      errors: { 400: 'expiresAt not in the future, or invalid content' },
      handle: async (request) => {
        const actor = request.actor();
        const announcement = await messages.announce(actor, request.body.content, request.body.expiresAt);
        await audit.record(actor, 'message.announce', { id: announcement.id, expiresAt: announcement.expiresAt });
        // Announcements have no page of their own: the list, where it is now first, is where it lives.
        return reply({ success: true as const, message: 'Announcement sent', announcement }, { status: 201, headers: { Location: '/api/admin/messages' } });
      },
    }),
  ];
}
