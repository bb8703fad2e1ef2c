/**
 * A feature module: one group of the API with its services, its routes as
 * data, and its start and stop. The feature list (./index.ts) is the only
 * place that names them; the store, the router and the OpenAPI document are
 * all built from it.
 */
import type { Config } from '../config/config.js';
import type { GamePort } from '../game/port.js';
import type { Route } from '../http/route.js';
import type { StorePartImplementations } from '../store/part-implementations.js';
import type { Store } from '../store/port.js';
import type { GameTexts } from '../texts/catalogue.js';
import type { ServiceRegistry } from './services.js';
import type { CacheRegistry } from '../lib/cache.js';
import type { Network } from '../network/port.js';
import type { Logger } from '../lib/logger.js';
import type { RequestMetrics } from '../lib/request-metrics.js';
import type { Mount } from '../http/mount.js';

/** What every feature is built with. */
export interface FeatureContext {
  readonly config: Config;
  readonly store: Store;
  readonly game: GamePort;
  /**
   * This server's own game. On a network `game` carries what concerns a
   * player to the server they are on; this one asks this server's game only
   * (an operation that must be asked again of the game that remembers it).
   * The same as `game` on a single server.
   */
  readonly ownGame: GamePort;
  readonly log: Logger;
  /** The in-game texts (messages.yml). */
  readonly texts: GameTexts;
  /** Services of the features listed before this one, and where this one offers its own. */
  readonly services: ServiceRegistry;
  readonly now: () => Date;
  /** When this Gatehouse started (ms since the epoch). */
  readonly startedAt: number;
  /** What the API served: counts, latencies. */
  readonly requests: RequestMetrics;
  /** Every cache, by name: features register theirs. */
  readonly caches: CacheRegistry;
  /** The other servers sharing the database (none on the JSON store): notices to them, jobs run once per network. */
  readonly network: Network;
  /** Every route the API serves, once every feature is built (empty while they are being built): for the scopes and the API's reference. */
  readonly routes: () => readonly Route[];
  /** The portal's address players are sent to, ending in `/`: portal.public-url, else where the API listens (its real port once it does). */
  readonly portalAddress: () => string;
}

/** A built feature: its routes, and what it does once the API and the game are up, and at stop. */
export interface FeatureModule {
  readonly routes?: Route[];
  /** Whole applications served under a path of their own, outside the route list (the OpenID Connect provider, whose protocol is a library's). */
  readonly mounts?: Mount[];
  /** After the game adapter started and the API listens, in list order. */
  start?(): Promise<void> | void;
  /** In reverse list order, before the game and the store stop. */
  stop?(): Promise<void> | void;
}

export interface Feature {
  readonly name: string;
  /** Records this feature keeps in the store, each part with its implementations (declared before the store opens). */
  readonly storeParts?: Array<StorePartImplementations<unknown>>;
  create(context: FeatureContext): Promise<FeatureModule> | FeatureModule;
}

export function defineFeature(feature: Feature): Feature {
  return feature;
}
