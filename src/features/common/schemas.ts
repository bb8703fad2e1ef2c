/** Schemas every group uses: the error shape, plain answers, pagination, names and texts. */
import { t } from '../../lib/schema.js';

export { errorAnswer } from '../../http/error-answer.js';

export const timestamp = t.string({ format: 'date-time', example: '2026-11-21T18:04:05.123Z' });

/** A timestamp a client sends: a full date and time with its zone (`date-time`, which every validator knows), written out as ISO 8601 has it. */
export const timestampInput = t.string({
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$',
  'x-message': 'must be an ISO 8601 timestamp such as 2026-12-01T18:00:00.000Z',
  example: '2026-12-01T18:00:00.000Z',
});

export const messageAnswer = t.object({ success: t.literal(true), message: t.string() });

export const paginationObject = t.object({
  page: t.integer(),
  limit: t.integer(),
  total: t.integer(),
  pages: t.integer({ minimum: 1, description: 'At least 1: an empty list is one empty page.' }),
});

export function pagination(page: number, limit: number, total: number) {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

/** A page and a limit in a query, with the endpoint's own default and maximum for the limit. */
export function pageQuery(limit: { default: number; max: number }) {
  return {
    page: t.integer({ default: 1, minimum: 1, maximum: 1_000_000 }),
    limit: t.integer({ default: limit.default, minimum: 1, maximum: limit.max }),
  };
}

/** An amount of money as the API shows it: a number with at most two decimals (cents inside). */
export function money(options: { minimum?: number; maximum?: number; exclusiveMinimum?: number; description?: string } = {}) {
  return t.number({ maximum: 1e12, ...options, 'x-cents': true });
}

export const playerName = t.string({ pattern: '^[A-Za-z0-9_]{1,16}$', 'x-message': 'must be a player name (1 to 16 letters, digits or _)' });

/**
 * A world as games name them: a world name (`world_nether`) or a dimension
 * id with its namespace (`minecraft:the_nether`). Nothing else can reach a
 * game command (a space would add words of its own to it).
 */
export const worldId = t.string({
  minLength: 1,
  maxLength: 64,
  pattern: '^(?:[a-z0-9_.-]+:)?[a-z0-9_.-]+$',
  'x-message': 'must be a world name or dimension id (lower-case letters, digits, _ . -, with an optional namespace: prefix)',
});

/**
 * Text that reaches the game (a server name, a chat message): no control
 * characters and no raw `§` codes, which would let it forge formatting or
 * break the server list; `&` colour codes are translated instead.
 */
export function gameText(options: { minLength?: number; maxLength: number }) {
  return t.string({
    minLength: options.minLength ?? 0,
    maxLength: options.maxLength,
    pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f§]*$',
    'x-message': 'must not contain control characters or § (use & colour codes)',
  });
}
