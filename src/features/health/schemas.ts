/** The health answer. */
import { t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';

export const healthAnswer = t.object({
  success: t.literal(true),
  status: t.enum(['ok', 'degraded']),
  uptime: t.integer({ description: 'Seconds since start.' }),
  game: t.object({
    connected: t.boolean(),
    adapter: t.string(),
    problem: t.optional(t.string({ description: 'Why the game cannot be reached, where the adapter knows (a refused RCON password).' })),
  }),
  storage: t.string({ description: 'The store in use, e.g. json.' }),
  timestamp,
});
