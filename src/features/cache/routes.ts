/** Every cache's counters, and emptying one or all (admins; audited). */
import { notFound } from '../../errors.js';
import { route, type Route } from '../../http/route.js';
import type { CacheRegistry } from '../../lib/cache.js';
import { t } from '../../lib/schema.js';
import type { AuditTrail } from '../audit/service.js';
import { cacheStatistics, invalidateAnswer, invalidateBody } from './schemas.js';

export function cacheRoutes(caches: CacheRegistry, audit: AuditTrail): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/cache/stats',
      access: 'admin',
      scope: 'server:read',
      summary: 'Every cache Gatehouse keeps: size, limit, hits, misses, hit rate, evictions, time to live',
      answer: t.object({ success: t.literal(true), caches: t.array(cacheStatistics) }),
      handle: () => ({ success: true as const, caches: caches.list().map((cache) => cache.statistics()) }),
    }),
    route({
      method: 'POST',
      path: '/api/cache/invalidate',
      access: 'admin',
      scope: 'server:write',
      summary: 'Empty one cache (by name) or, without a name, all of them; on a network, on every server',
      body: invalidateBody,
      answer: invalidateAnswer,
      errors: { 404: 'No cache of that name' },
      errorFields: { unknown_cache: 'cache' },
      handle: async (request) => {
        const name = request.body.cache;
        if (name !== undefined && !caches.get(name)) {
          throw notFound(
            `No cache named ${name}; caches: ${caches
              .list()
              .map((cache) => cache.name)
              .join(', ')}`,
            'unknown_cache',
          );
        }
        const invalidated = caches.invalidate(name);
        await audit.record(request.actor(), 'cache.invalidate', { caches: invalidated });
        const entries = invalidated.reduce((sum, cache) => sum + cache.entries, 0);
        return { success: true as const, message: `Emptied ${invalidated.length} cache${invalidated.length === 1 ? '' : 's'} (${entries} entries)`, invalidated };
      },
    }),
  ];
}
