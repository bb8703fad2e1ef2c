import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkServiceToken, type Config } from './config/config.js';
import { portalAddress } from './config/portal-address.js';
import { allStoreParts, features } from './features/index.js';
import type { FeatureContext, FeatureModule } from './features/feature.js';
import { ServiceRegistry } from './features/services.js';
import { createGameAdapter } from './game/factory.js';
import type { GamePort } from './game/port.js';
import { createHttpApp } from './http/app.js';
import type { Route } from './http/route.js';
import { routerFor } from './http/router.js';
import { createApiServer } from './http/server.js';
import { NetworkGame } from './network/network-game.js';
import { openStore } from './store/factory.js';
import { CacheRegistry } from './lib/cache.js';
import type { Logger } from './lib/logger.js';
import { RequestMetrics } from './lib/request-metrics.js';
import { markRunning } from './lib/running-marker.js';
import type { Store } from './store/port.js';
import { GameTexts } from './texts/catalogue.js';
import { gatehouseVersion } from './version.js';

export type { Logger };

export { gatehouseVersion };

export interface Gatehouse {
  readonly config: Config;
  readonly game: GamePort;
  readonly store: Store;
  /** Every feature's services, by name. */
  readonly services: ServiceRegistry;
  /** Every route the API serves, as the features declared them. */
  readonly routes: Route[];
  readonly http: Server;
  /** The port the API listens on (the real one when configured as 0). */
  readonly apiPort: number;
  /** The portal's address players are sent to (portal.public-url, else where the API listens). */
  portalAddress(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Replaces the configured game adapter (tests pass their own). */
  game?: GamePort;
  /** In tests: check every answer against its route's schema. */
  checkAnswers?: boolean;
}

/**
 * Starts the whole service: the store and the game adapter the config
 * names, the feature modules in the order of the feature list, and the API.
 */
export async function startGatehouse(config: Config, logger: Logger, options: StartOptions = {}): Promise<Gatehouse> {
  checkServiceToken(config.token);
  const texts = await GameTexts.load(config.textsFile);
  for (const warning of texts.warnings) logger.info(`warning: ${warning}`);
  const { store, network } = await openStore(config, { parts: allStoreParts(), logInfo: logger.info, logError: logger.error });
  // Until the store is closed, a restore refuses to replace this data directory.
  const unmarkRunning = await markRunning(config.dataDirectory);
  // On a database several instances share, the game is this server's own, with what concerns a player carried to the server they are on.
  const ownGame = options.game ?? createGameAdapter(config, gatehouseVersion, logger);
  const game = network.shared ? new NetworkGame(ownGame, network, logger.error) : ownGame;
  const services = new ServiceRegistry();
  const requests = new RequestMetrics();
  const caches = new CacheRegistry();
  let routes: Route[] = [];
  // The port asked for until the API listens, then the one it got (0 asks for any).
  let listeningPort = config.port;
  const context: FeatureContext = {
    config,
    store,
    game,
    ownGame,
    log: logger,
    texts,
    services,
    now: () => new Date(),
    startedAt: Date.now(),
    requests,
    caches,
    network,
    routes: () => routes,
    portalAddress: () => portalAddress(config.portal.publicUrl, config.host, listeningPort),
  };
  const modules: FeatureModule[] = [];
  let http: Server | undefined;
  const stopAll = async () => {
    if (http) await closeServer(http);
    for (const module of [...modules].reverse()) {
      try {
        await module.stop?.();
      } catch (error) {
        logger.error(`while stopping: ${(error as Error).stack ?? String(error)}`);
      }
    }
    await game.stop().catch((error: Error) => logger.error(`while stopping the game adapter: ${error.message}`));
    await store.close();
    await unmarkRunning();
  };
  try {
    for (const feature of features) {
      services.current = feature.name;
      modules.push(await feature.create(context));
    }
    services.current = '';
    routes = modules.flatMap((module, index) => (module.routes ?? []).map((route) => ({ ...route, group: route.group ?? features[index]!.name })));
    const router = routerFor(routes, {
      access: services.get('access'),
      bodyLimitBytes: config.http.bodyLimitBytes,
      trustedProxies: new Set(config.http.trustedProxies),
      checkAnswers: options.checkAnswers,
    });
    http = createApiServer(
      createHttpApp(
        config,
        router,
        logger.error,
        (route, status, ms) => requests.record(route, status, ms),
        modules.flatMap((module) => module.mounts ?? []),
      ),
      config.http,
      logger.error,
    );
    await game.start();
    await listen(http, config.host, config.port);
    listeningPort = (http.address() as AddressInfo).port;
    for (const module of modules) await module.start?.();
    let stopping: Promise<void> | undefined;
    return {
      config,
      game,
      store,
      services,
      routes,
      http,
      apiPort: listeningPort,
      portalAddress: context.portalAddress,
      stop: () => (stopping ??= stopAll()),
    };
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}

function listen(http: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    http.once('error', (error) => reject(new Error(`API cannot listen on ${host}:${port}: ${error.message}`)));
    http.listen(port, host, resolve);
  });
}

function closeServer(http: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!http.listening) return resolve();
    http.close(() => resolve());
    http.closeAllConnections();
  });
}
