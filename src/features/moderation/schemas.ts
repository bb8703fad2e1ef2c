/** Bans, kicks, warnings and appeals as the API takes and shows them. */
import { t } from '../../lib/schema.js';
import { pageQuery, paginationObject, playerName, timestamp, timestampInput } from '../common/schemas.js';

/**
 * A reason or an answer a player reads, in game or on the portal: no control
 * characters, no `§` and no `&` colour codes (a reason is shown as it was
 * typed, never as formatting), and short enough for the game's disconnect
 * screen.
 */
export function plainText(maxLength: number) {
  return t.string({
    minLength: 1,
    maxLength,
    pattern: '^(?![\\s\\S]*&[0-9a-fk-orA-FK-OR])[^\\u0000-\\u001f\\u007f-\\u009f§]*$',
    'x-message': 'must be plain text: no control characters, § or & formatting codes',
  });
}

export const reason = plainText(200);

export const moderationKind = t.enum(['ban', 'warning', 'kick'] as const);

export const appealStatus = t.enum(['pending', 'accepted', 'rejected'] as const);

const playerObject = t.object({ name: t.string(), uuid: t.string({ description: 'Empty where the player was never seen in game.' }) });

export const appealObject = t.object({
  text: t.string(),
  by: t.string({ description: 'The web account that appealed.' }),
  at: timestamp,
  status: appealStatus,
  answer: t.nullable(t.string()),
  answeredBy: t.nullable(t.string()),
  answeredAt: t.nullable(timestamp),
});

export const moderationRecord = t.object({
  id: t.integer(),
  kind: moderationKind,
  player: t.nullable(playerObject),
  address: t.optional(t.nullable(t.string({ description: 'The address a ban is of (null for the rest). Left out for an API key without personal:read.' }))),
  reason: t.string(),
  by: t.string({ description: 'Who did it: a web username, service, or key:<name>.' }),
  at: timestamp,
  expiresAt: t.nullable(t.string({ format: 'date-time', description: 'When a ban ends; null for a ban without an end, and for warnings and kicks.' })),
  inForce: t.boolean({ description: 'A ban neither lifted nor ended (false for warnings and kicks).' }),
  lifted: t.nullable(t.object({ at: timestamp, by: t.string(), reason: t.string() })),
  appeal: t.nullable(appealObject),
});

/** A record as the player it is about sees it: who banned them is the server's, not a name. */
export const ownRecord = t.object({
  id: t.integer(),
  kind: moderationKind,
  reason: t.string(),
  at: timestamp,
  expiresAt: t.nullable(t.string({ format: 'date-time' })),
  inForce: t.boolean(),
  lifted: t.nullable(t.object({ at: timestamp, reason: t.string() })),
  appeal: t.nullable(t.object({ text: t.string(), at: timestamp, status: appealStatus, answer: t.nullable(t.string()), answeredAt: t.nullable(timestamp) })),
});

export const recordsQuery = t.object({
  ...pageQuery({ default: 20, max: 100 }),
  kind: t.optional(moderationKind),
  username: t.optional(playerName),
  inForce: t.optional(t.boolean({ description: 'true: bans in force only.' })),
  appeal: t.optional({ ...appealStatus, description: 'Bans with an appeal of this status only.' }),
});

export const recordsAnswer = t.object({ success: t.literal(true), records: t.array(moderationRecord), pagination: paginationObject });

export const recordAnswer = t.object({ success: t.literal(true), message: t.string(), record: moderationRecord });

export const banBody = t.object({
  username: t.optional(playerName),
  address: t.optional(t.string({ maxLength: 64, description: 'An IPv4 or IPv6 address; give username or address, not both.' })),
  reason,
  expiresAt: t.optional(t.nullable(timestampInput)),
});

export const liftBody = t.object({ reason: t.optional(plainText(200)) });

export const playerActionBody = t.object({ username: playerName, reason });

export const appealBody = t.object({ text: plainText(2000) });

export const answerBody = t.object({ accept: t.boolean(), answer: plainText(2000) });

export const ownRecordAnswer = t.object({
  success: t.literal(true),
  player: t.string(),
  banned: t.boolean({ description: 'A ban of the player is in force: until it ends or is lifted they cannot join the game, move money, buy or sell.' }),
  records: t.array(ownRecord),
});

export const gameBansAnswer = t.object({
  success: t.literal(true),
  server: t.string({ description: 'The server.id whose game holds these bans.' }),
  bans: t.array(
    t.object({
      player: t.nullable(playerObject),
      address: t.optional(t.nullable(t.string({ description: 'Left out for an API key without personal:read.' }))),
      reason: t.string(),
      source: t.string({ description: 'Who made it, as the game records it: Server (its console), an operator, a plugin.' }),
      created: t.nullable(timestamp),
      expires: t.nullable(t.string({ format: 'date-time' })),
    }),
  ),
});
