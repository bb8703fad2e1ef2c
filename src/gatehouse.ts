import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config/config.js';
import { BridgeGameAdapter } from './game/bridge/adapter.js';
import { EmbeddedGameServer } from './game/embedded/adapter.js';
import type { GamePort } from './game/port.js';
import { createHttpApp } from './http/app.js';
import type { AuthenticationDependencies } from './http/authentication.js';
import { addAdminRoutes } from './http/routes/admin.js';
import { addAuthRoutes } from './http/routes/auth.js';
import { addEconomyRoutes } from './http/routes/economy.js';
import { addHealthRoutes } from './http/routes/health.js';
import { addTeleportRoutes } from './http/routes/teleports.js';
import { settingsUpdateBody } from './http/schemas/settings.js';
import { validate } from './http/validation.js';
import { AccountService } from './services/accounts.js';
import { AuditTrail } from './services/audit.js';
import { postGameEventsToChat, serverStatusEmbed } from './services/chat-events.js';
import { ChatWebhook } from './services/chat-webhook.js';
import { ConnectionLogRecorder } from './services/connection-log.js';
import { FailureThrottle } from './services/failure-throttle.js';
import { MessageService } from './services/messages.js';
import { PasswordHasher } from './services/password-hasher.js';
import { RestartService } from './services/restarts.js';
import { RetentionJob } from './services/retention.js';
import { SettingsService, type ServerSettings } from './services/settings.js';
import { TeleportService } from './services/teleports.js';
import { TokenService } from './services/tokens.js';
import { UnregisteredReminders } from './services/unregistered-reminders.js';
import { StoreCorruptError } from './lib/json-document.js';
import { JsonStore } from './store/json/index.js';

/** The configured game adapter: the embedded server, or the bridge the Paper plugin connects to. */
function createGameAdapter(config: Config, settings: ServerSettings, logger: Logger): GamePort {
  const logError = (message: string) => logger.error(message);
  if (config.game.connection === 'bridge') {
    return new BridgeGameAdapter({
      ...config.game.bridge,
      token: config.token,
      sidecarName: `Gatehouse ${gatehouseVersion}`,
      log: (message) => logger.info(message),
      logError,
    });
  }
  return new EmbeddedGameServer({
    ...config.game.embedded,
    motd: settings.serverName,
    maxPlayers: settings.maxPlayers,
    dataDirectory: config.dataDirectory,
    log: logError,
  });
}

/** Kept equal to package.json's version. */
export const gatehouseVersion = '0.1.0';

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

export interface Gatehouse {
  readonly config: Config;
  readonly game: GamePort;
  readonly store: JsonStore;
  readonly accounts: AccountService;
  readonly settings: SettingsService;
  readonly connectionLog: ConnectionLogRecorder;
  readonly restarts: RestartService;
  readonly reminders: UnregisteredReminders;
  readonly webhook: ChatWebhook;
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
  const logError = (message: string) => logger.error(message);
  const store = await JsonStore.open(config.dataDirectory);
  const settings = await SettingsService.open(
    config.settings,
    store.settings,
    (stored) => {
      try {
        validate(settingsUpdateBody, stored);
      } catch (error) {
        throw new StoreCorruptError(`${config.dataDirectory}/settings.json holds invalid settings (${(error as Error).message}); fix or remove it`);
      }
    },
    logError,
  );
  const game = overrides.game ?? createGameAdapter(config, settings.get(), logger);
  settings.attachGame(game);
  const passwords = new PasswordHasher(config.accounts.bcryptRounds);
  const tokens = await TokenService.open(store.keys, config.accounts.tokenLifetimeSeconds);
  const throttle = new FailureThrottle(config.accounts.maxFailedAttempts, config.accounts.failedAttemptWindowSeconds * 1000);
  const accounts = new AccountService(store, game, passwords, tokens, throttle, {
    registrationCodeLifetimeSeconds: config.accounts.registrationCodeLifetimeSeconds,
  });
  const connectionLog = new ConnectionLogRecorder(store.connectionLog, game, undefined, logError);
  const retention = new RetentionJob(store, config.retention, undefined, logError);
  const audit = new AuditTrail(store.auditLog);
  const webhook = new ChatWebhook(() => settings.get().chat, { log: logError });
  const messages = new MessageService(store.messages, game, undefined, logError);
  const restarts = new RestartService(store.restarts, game, undefined, logError);
  const teleports = new TeleportService(game, store.teleportLog);
  const reminders = new UnregisteredReminders(game, store.users, () => settings.get());
  postGameEventsToChat(webhook, { game, accounts, messages, restarts });
  game.onRegisterCommand((player) => accounts.handleRegisterCommand(player));
  accounts.events.on('registered', ({ gameUsername }) => {
    const whitelist = game.capability('whitelist');
    if (settings.get().whitelist.autoApprove && whitelist && game.isConnected()) {
      whitelist.add(gameUsername).catch((error: Error) => logError(`whitelist auto-approve of ${gameUsername}: ${error.message}`));
    }
  });

  const auth: AuthenticationDependencies = { tokens, users: store.users, accounts, serviceToken: config.token };
  const isGameConnected = () => game.isConnected();
  const bodyLimitBytes = config.http.bodyLimitBytes;
  const startedAt = Date.now();
  const { app, operations } = createHttpApp(
    config,
    [
      (router) => addAuthRoutes(router, auth, bodyLimitBytes),
      (router) => addHealthRoutes(router, game, startedAt),
      (router) => addEconomyRoutes(router, () => ({ currencySymbol: settings.get().economy.currencySymbol, currencyName: config.economy.currencyName })),
      (router) =>
        addAdminRoutes(router, {
          auth,
          isGameConnected,
          bodyLimitBytes,
          settings,
          users: store.users,
          accounts,
          connections: store.connectionLog,
          messages,
          webhook,
          restarts,
          teleports,
          audit,
        }),
      (router) => addTeleportRoutes(router, { auth, isGameConnected, bodyLimitBytes, teleports, audit }),
    ],
    logError,
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
  reminders.start();
  await restarts.resume();
  webhook.post({ embeds: [{ ...serverStatusEmbed(true), timestamp: new Date().toISOString() }] });

  let stopping: Promise<void> | undefined;
  return {
    config,
    game,
    store,
    accounts,
    settings,
    connectionLog,
    restarts,
    reminders,
    webhook,
    http,
    operations,
    apiPort: (http.address() as AddressInfo).port,
    stop: () =>
      (stopping ??= (async () => {
        retention.stop();
        reminders.stop();
        restarts.stop();
        webhook.post({ embeds: [{ ...serverStatusEmbed(false), timestamp: new Date().toISOString() }] });
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
        await game.stop();
        await Promise.all([connectionLog.settled(), webhook.idle(3000)]);
        await store.close();
        await passwords.close();
      })()),
  };
}
