/** Answers of the session endpoints. */
import { t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';

export const sessionSummary = t.object({
  id: t.string({ example: 'ses_3f9a1c0e5b7d4a2f8e6c1b0a9d8f7e6c' }),
  current: t.boolean({ description: 'Whether this is the session of the token that asked.' }),
  kind: t.enum(['api', 'portal'], { description: 'api: POST /api/auth/login, ending with its token; portal: the portal, renewed with its refresh cookie.' }),
  device: t.string({ description: "A few words from the User-Agent (the client's own words, not evidence).", example: 'Firefox 128 on Windows' }),
  userAgent: t.string({ description: 'The User-Agent itself (at most 256 characters).' }),
  address: t.optional(t.string({ description: 'Where the login came from.' })),
  lastAddress: t.optional(t.string({ description: 'Where its last use came from.' })),
  startedAt: timestamp,
  lastUsedAt: t.string({ format: 'date-time', description: 'Written at most once a minute per server, and at once from a new address.' }),
  expiresAt: t.string({ format: 'date-time', description: 'When it ends by itself: with its token (api), or after sessions.idle-days without use (portal).' }),
});

export const sessionsAnswer = t.object({ success: t.literal(true), sessions: t.array(sessionSummary) });

export const endedSessionsAnswer = t.object({ success: t.literal(true), message: t.string(), ended: t.integer({ description: 'How many sessions this ended.' }) });
