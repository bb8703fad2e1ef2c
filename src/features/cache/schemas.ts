/** A cache's counters, and emptying caches. */
import { t } from '../../lib/schema.js';

export const cacheStatistics = t.object({
  name: t.string(),
  description: t.string(),
  size: t.integer(),
  limit: t.integer(),
  hits: t.integer(),
  misses: t.integer(),
  hitRate: t.number({ description: 'hits / (hits + misses); 0 before any lookup.' }),
  evictions: t.integer(),
  ttlSeconds: t.nullable(t.number({ description: 'How long an entry lives at most; null: until evicted or replaced.' })),
});

export const invalidateBody = t.object({ cache: t.optional(t.string({ minLength: 1, maxLength: 64 })) });

export const invalidateAnswer = t.object({ success: t.literal(true), message: t.string(), invalidated: t.array(t.object({ name: t.string(), entries: t.integer() })) });
