/**
 * A store part bound to its implementations, one per store kind: what a
 * feature's wiring declares (Feature.storeParts) and the factory hands to
 * whichever store `storage.type` opens. The part's token (src/store/port.ts)
 * is all the feature's services need; only this binding names the
 * implementations.
 */
import type { JsonPartImplementation } from './json/access.js';
import type { PostgresPartImplementation } from './postgres/access.js';

/** The part's token, its JSON implementation, and its PostgreSQL one (a part may have none yet: that store then refuses to open). */
export type StorePartImplementations<P> = JsonPartImplementation<P> & PostgresPartImplementation<P>;

/** The binding, checked: every implementation offers the stores the part's token promises. */
export function partImplementations<P>(binding: StorePartImplementations<P>): StorePartImplementations<P> {
  return binding;
}
