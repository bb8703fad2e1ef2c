import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config/config.js';
import { EmbeddedGameServer } from './game/embedded/adapter.js';
import type { GamePort } from './game/port.js';
import { createHttpApp } from './http/app.js';
import type { AuthenticationDependencies } from './http/authentication.js';
import { addAuthRoutes } from './http/routes/auth.js';
import { addEconomyRoutes } from './http/routes/economy.js';
import { addHealthRoutes } from './http/routes/health.js';
import { AccountService } from './services/accounts.js';
import { ConnectionLogRecorder } from './services/connection-log.js';
import { FailureThrottle } from './services/failure-throttle.js';
import { PasswordHasher } from './services/password-hasher.js';
import { RetentionJob } from './services/retention.js';
import { TokenService } from './services/tokens.js';
import { JsonStore } from './store/json/index.js';

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

export interface Gatehouse {
  readonly config: Config;
  readonly game: GamePort;
  readonly store: JsonStore;
  readonly accounts: AccountService;
  readonly connectionLog: ConnectionLogRecorder;
  readonly http: Server;
  /** Every operation the API serves, as "METHOD /path". */
  readonly operations: string[];
  /** The port the API listens on (the real one when configured as 0). */
  readonly apiPort: number;
  stop(): Promise<void>;
}

/**
 * Builds and starts the whole service: store, game adapter, services, HTTP.
 * `game` replaces the configured adapter (tests pass their own).
 */
export async function startGatehouse(config: Config, logger: Logger, overrides: { game?: GamePort } = {}): Promise<Gatehouse> {
  const store = await JsonStore.open(config.dataDirectory);
  const game =
    overrides.game ??
    new EmbeddedGameServer({ ...config.game.embedded, dataDirectory: config.dataDirectory, log: (message) => logger.error(message) });
  const passwords = new PasswordHasher(config.accounts.bcryptRounds);
  const tokens = await TokenService.open(config.dataDirectory, config.accounts.tokenLifetimeSeconds);
  const throttle = new FailureThrottle(config.accounts.maxFailedAttempts, config.accounts.failedAttemptWindowSeconds * 1000);
  const accounts = new AccountService(store, game, passwords, tokens, throttle, {
    registrationCodeLifetimeSeconds: config.accounts.registrationCodeLifetimeSeconds,
  });
  const connectionLog = new ConnectionLogRecorder(store.connectionLog, game, undefined, (message) => logger.error(message));
  const retention = new RetentionJob(store, config.retention, undefined, (message) => logger.error(message));
  game.onRegisterCommand((player) => accounts.handleRegisterCommand(player));

  const auth: AuthenticationDependencies = { tokens, users: store.users, accounts, serviceToken: config.token };
  const startedAt = Date.now();
  const { app, operations } = createHttpApp(
    config,
    [
      (router) => addAuthRoutes(router, auth, config.http.bodyLimitBytes),
      (router) => addHealthRoutes(router, game, startedAt),
      (router) => addEconomyRoutes(router, () => config.economy),
    ],
    (message) => logger.error(message),
  );
  const http = createServer(app.callback());
  // Slow or stalled clients must not hold sockets forever.
  http.requestTimeout = 30_000;
  http.headersTimeout = 15_000;

  try {
    await game.start();
    await new Promise<void>((resolve, reject) => {
      http.once('error', (error) => reject(new Error(`API cannot listen on ${config.host}:${config.port}: ${error.message}`)));
      http.listen(config.port, config.host, resolve);
    });
  } catch (error) {
    await game.stop().catch(() => undefined);
    await passwords.close();
    throw error;
  }
  retention.start();

  let stopping: Promise<void> | undefined;
  return {
    config,
    game,
    store,
    accounts,
    connectionLog,
    http,
    operations,
    apiPort: (http.address() as AddressInfo).port,
    stop: () =>
      (stopping ??= (async () => {
        retention.stop();
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
        await game.stop();
        await connectionLog.settled();
        await store.close();
        await passwords.close();
      })()),
  };
}
