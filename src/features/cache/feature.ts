import { defineFeature } from '../feature.js';
import { cacheRoutes } from './routes.js';

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
    return { routes: cacheRoutes(caches, audit) };
  },
});
