/** Listing messages, sending one to a player, making an announcement (admins; every change audited). */
import { ApiError } from '../../errors.js';
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
      summary: 'Make an announcement: broadcast, posted to the webhook, shown on join until it expires (without expiresAt: until it is removed)',
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
    route({
      method: 'DELETE',
      path: '/api/admin/messages/:id',
      access: 'admin',
      scope: 'messages:write',
      summary: 'Remove an announcement: no player who joins from now on is shown it, on any server of a network; it leaves the list',
      answer: t.object({ success: t.literal(true), message: t.string(), announcement: messageObject }),
      errors: { 400: 'id is not a message id', 404: 'No announcement has the id (a direct message, or one removed already)' },
      handle: async (request) => {
        const id = messageId(request.params.id ?? '');
        const actor = request.actor();
        const announcement = await messages.removeAnnouncement(id);
        // The list no longer holds it: the audit log keeps what it said.
        await audit.record(actor, 'message.remove', { id, content: announcement.content, sentBy: announcement.sentBy, expiresAt: announcement.expiresAt });
        return { success: true as const, message: `Announcement ${id} removed`, announcement };
      },
    }),
  ];
}

/** A message id from the path: a whole number from 1, as ids are made. */
function messageId(text: string): number {
  if (!/^[1-9]\d{0,14}$/.test(text)) throw new ApiError(400, 'id must be a message id (a whole number from 1)', 'invalid_field', {}, { field: 'id' });
  return Number(text);
}
