import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { defineFeature } from '../feature.js';

const cacheStatistics = t.object({
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

/**
 * The cache group (admin): every cache Gatehouse keeps, by name, with its
 * counters; emptying one or all, audited. On a network of servers, a cache
 * emptied here is emptied on every instance (a notice through the
 * database), so no instance goes on serving what another was told to forget.
 */
export const cacheFeature = defineFeature({
  name: 'cache',
  create: ({ services, caches, network }) => {
    const audit = services.get('audit');
    caches.onInvalidated((name) => void network.publish('cache', { name }).catch(() => undefined));
    network.subscribe('cache', (payload) => {
      const name = (payload as { name?: unknown }).name;
      if (typeof name === 'string') caches.invalidate(name, { announce: false });
    });
    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/cache/stats',
          access: 'admin',
          summary: 'Every cache Gatehouse keeps: size, limit, hits, misses, hit rate, evictions, time to live',
          answer: t.object({ success: t.literal(true), caches: t.array(cacheStatistics) }),
          handle: () => ({ success: true as const, caches: caches.list().map((cache) => cache.statistics()) }),
        }),
        route({
          method: 'POST',
          path: '/api/cache/invalidate',
          access: 'admin',
          summary: 'Empty one cache (by name) or, without a name, all of them; on a network, on every server',
          body: t.object({ cache: t.optional(t.string({ minLength: 1, maxLength: 64 })) }),
          answer: t.object({ success: t.literal(true), message: t.string(), invalidated: t.array(t.object({ name: t.string(), entries: t.integer() })) }),
          errors: { 404: 'No cache of that name' },
          handle: async (request) => {
            const name = request.body.cache;
            if (name !== undefined && !caches.get(name)) {
              throw notFound(`No cache named ${name}; caches: ${caches.list().map((cache) => cache.name).join(', ')}`, 'unknown_cache');
            }
            const invalidated = caches.invalidate(name);
            await audit.record(request.actor(), 'cache.invalidate', { caches: invalidated });
            const entries = invalidated.reduce((sum, cache) => sum + cache.entries, 0);
            return { success: true as const, message: `Emptied ${invalidated.length} cache${invalidated.length === 1 ? '' : 's'} (${entries} entries)`, invalidated };
          },
        }),
      ],
    };
  },
});
