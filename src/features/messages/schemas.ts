/** A message as the API shows it, and the bodies that send them. */
import { t } from '../../lib/schema.js';
import { gameText, playerName, timestamp, timestampInput } from '../common/schemas.js';

export const messageObject = t.object({
  id: t.integer(),
  type: t.enum(['ANNOUNCEMENT', 'DIRECT']),
  content: t.string(),
  createdAt: timestamp,
  expiresAt: t.nullable(timestamp),
  recipient: t.optional(t.string({ description: 'Only on DIRECT messages.' })),
  sentBy: t.string(),
});

export const directMessageBody = t.object({ username: playerName, message: gameText({ minLength: 1, maxLength: 256 }) }, { additionalProperties: true });

export const announcementBody = t.object({
  content: gameText({ minLength: 1, maxLength: 1000 }),
  expiresAt: t.optional(timestampInput),
});
