import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { Ajv } from 'ajv';
import YAML, { LineCounter } from 'yaml';
import { parseBackupSchedule, type BackupSchedule } from './backup-schedule.js';
import { describeConfigError } from './config-error-message.js';
import { configFileSchema, type ConfigFile, type ForwardAuthNeed } from './schema.js';
import { configDefaults } from './defaults.js';
import { isPortalUrl } from './portal-address.js';
import { deepMerge, isPlainObject } from '../lib/objects.js';
import type { RconSettings } from '../game/rcon/settings.js';
import type { ServerSettings } from './server-settings.js';
import { parseAddress, type PostgresSettings } from '../store/postgres/settings.js';

/** The validated configuration the rest of the service reads. */
export interface Config {
  port: number;
  host: string;
  token: string;
  /** `portal.public-url`: the portal's address players are sent to; empty: where the API listens (./portal-address.ts). */
  portal: { publicUrl: string };
  cors: { enabled: boolean; allowedOrigins: string };
  dataDirectory: string;
  /** messages.yml beside the config file: the in-game texts. */
  textsFile: string;
  /** shop.yml beside the config file: the shop's catalogue and market. */
  shopFile: string;
  /** jobs.yml beside the config file: the jobs. */
  jobsFile: string;
  /** `server.id`: this server's name on a network of servers sharing one database. */
  serverId: string;
  /** The store: `json` files in the data directory, or a `postgresql` database several instances may share. */
  storage: { type: 'json' | 'postgresql'; postgresql: PostgresSettings };
  game: {
    connection: 'embedded' | 'bridge' | 'rcon';
    embedded: { host: string; port: number; viewDistance: number; maxDroppedItems: number };
    bridge: { host: string; port: number; requestTimeoutMs: number };
    rcon: RconSettings;
  };
  /** Defaults of the live settings (GET/POST /api/admin/settings). */
  settings: ServerSettings;
  accounts: {
    registrationCodeLifetimeSeconds: number;
    tokenLifetimeSeconds: number;
    bcryptRounds: number;
    maxFailedAttempts: number;
    failedAttemptWindowSeconds: number;
    addressMaxFailedAttempts: number;
    codeCheckMaxFailures: number;
    /** `accounts.require-second-factor-for-admins`: an operator's login without a second factor reaches no admin route. */
    requireSecondFactorForAdmins: boolean;
  };
  /** How a login lasts (docs/sessions.md), and the way back in: /resetpassword's code. */
  sessions: {
    portalTokenLifetimeSeconds: number;
    idleDays: number;
    refreshReuseLeewaySeconds: number;
    keptDays: number;
    resetCodeLifetimeSeconds: number;
  };
  /** Webhooks may point at loopback and private addresses (a LAN relay); off by default. */
  chatAllowPrivateAddresses: boolean;
  economy: { provider: 'auto' | 'builtin' | 'vault' | 'none'; currencyName: string; largeAdjustmentAlertCents: number };
  retention: { connectionLogDays: number; messageDays: number; teleportLogDays: number; auditLogDays: number; transactionDays: number; metricsHistoryDays: number };
  http: { bodyLimitBytes: number; idleTimeoutMs: number; maxConnections: number; trustedProxies: string[] };
  metrics: { enabled: boolean; allowedAddresses: string[] };
  jobs: { maxPerPlayer: number; rejoinCooldownMs: number; payoutIntervalMs: number; placedBlocksRemembered: number };
  /** Where backup archives go (never inside the data directory), when they are taken, how many are kept. */
  backups: { directory: string; schedule: BackupSchedule; keepDaily: number; keepWeekly: number; beforeRestart: boolean };
  // The event stream and the webhooks (docs/events.md).
  events: { keepHours: number; heartbeatMs: number; statusMs: number; bufferBytes: number; maxStreamsPerCaller: number; maxStreamsPerAddress: number };
  webhooks: { retryMs: number; maxRetryMs: number; maxAttempts: number; keepDays: number };
  // Forward authentication for reverse proxies (docs/sign-in.md).
  forwardAuth: { hosts: string[]; rules: Array<{ host?: string; path: string; need: ForwardAuthNeed }>; defaultNeed: ForwardAuthNeed; callbackPath: string };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Environment variables that override a key of the file, with the key they set. */
const environmentOverrides: Array<{ variable: string; key: string[]; type: 'string' | 'integer' }> = [
  { variable: 'GATEHOUSE_DATA', key: ['data-directory'], type: 'string' },
  { variable: 'GATEHOUSE_SERVER_ID', key: ['server', 'id'], type: 'string' },
  { variable: 'GATEHOUSE_PORT', key: ['port'], type: 'integer' },
  { variable: 'GATEHOUSE_HOST', key: ['host'], type: 'string' },
  { variable: 'GATEHOUSE_TOKEN', key: ['token'], type: 'string' },
  { variable: 'GATEHOUSE_PUBLIC_URL', key: ['portal', 'public-url'], type: 'string' },
  { variable: 'GATEHOUSE_GAME_PORT', key: ['game', 'embedded', 'port'], type: 'integer' },
  { variable: 'GATEHOUSE_GAME_CONNECTION', key: ['game', 'connection'], type: 'string' },
  { variable: 'GATEHOUSE_BRIDGE_PORT', key: ['game', 'bridge', 'port'], type: 'integer' },
  { variable: 'GATEHOUSE_RCON_HOST', key: ['game', 'rcon', 'host'], type: 'string' },
  { variable: 'GATEHOUSE_RCON_PORT', key: ['game', 'rcon', 'port'], type: 'integer' },
  { variable: 'GATEHOUSE_RCON_PASSWORD', key: ['game', 'rcon', 'password'], type: 'string' },
  { variable: 'GATEHOUSE_RCON_SERVER_DIRECTORY', key: ['game', 'rcon', 'server-directory'], type: 'string' },
  { variable: 'GATEHOUSE_MANAGEMENT_SECRET', key: ['game', 'rcon', 'management-secret'], type: 'string' },
  { variable: 'GATEHOUSE_BACKUPS_DIRECTORY', key: ['backups', 'directory'], type: 'string' },
  { variable: 'GATEHOUSE_STORAGE_TYPE', key: ['storage', 'type'], type: 'string' },
  { variable: 'GATEHOUSE_POSTGRES_ADDRESS', key: ['storage', 'postgresql', 'address'], type: 'string' },
  { variable: 'GATEHOUSE_POSTGRES_DATABASE', key: ['storage', 'postgresql', 'database'], type: 'string' },
  { variable: 'GATEHOUSE_POSTGRES_USERNAME', key: ['storage', 'postgresql', 'username'], type: 'string' },
  { variable: 'GATEHOUSE_POSTGRES_PASSWORD', key: ['storage', 'postgresql', 'password'], type: 'string' },
  { variable: 'GATEHOUSE_POSTGRES_POOL_SIZE', key: ['storage', 'postgresql', 'pool-size'], type: 'integer' },
  { variable: 'GATEHOUSE_POSTGRES_TABLE_PREFIX', key: ['storage', 'postgresql', 'table-prefix'], type: 'string' },
];

const configAjv = new Ajv({ allErrors: false, strict: true });
configAjv.addFormat('ip-address', (value: string) => isIP(value) !== 0);
configAjv.addFormat('host:port', (value: string) => parseAddress(value) !== undefined);
configAjv.addFormat('portal-url', isPortalUrl);
configAjv.addFormat('backup-schedule', (value: string) => parseBackupSchedule(value) !== undefined);
const validateConfigFile = configAjv.compile<ConfigFile>(configFileSchema);

/**
 * Loads the configuration: defaults, then the YAML file (GATEHOUSE_CONFIG or
 * ./config.yml; a missing file means defaults), then environment variables.
 * Anything of the wrong type stops start-up with a ConfigError naming the
 * key and quoting the value, with its line in the file or its variable.
 */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<Config> {
  const explicitFile = env.GATEHOUSE_CONFIG;
  const file = path.resolve(cwd, explicitFile ?? 'config.yml');
  let fromFile: unknown = {};
  // Kept to quote a bad value's line in the error.
  const lineCounter = new LineCounter();
  let document: YAML.Document | undefined;
  try {
    const text = await readFile(file, 'utf8');
    document = YAML.parseDocument(text, { lineCounter });
    if (document.errors.length > 0) throw document.errors[0];
    fromFile = document.toJS() ?? {};
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && explicitFile === undefined) fromFile = {};
    else if (code === 'ENOENT') throw new ConfigError(`config file ${file} (GATEHOUSE_CONFIG) does not exist`);
    else throw new ConfigError(`config file ${file} cannot be read: ${(error as Error).message}`);
  }
  if (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile)) {
    throw new ConfigError(`config file ${file} must hold a mapping of keys to values`);
  }
  const merged = deepMerge(structuredClone(configDefaults) as unknown as Record<string, unknown>, fromFile as Record<string, unknown>);
  const fromEnvironment = new Map<string, string>();
  for (const override of environmentOverrides) {
    const raw = env[override.variable];
    if (raw === undefined || (raw === '' && override.type === 'integer')) continue;
    let value: string | number = raw;
    if (override.type === 'integer') {
      if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`${override.variable} must be an integer, got "${raw}"`);
      value = Number(raw);
    }
    setPath(merged, override.key, value);
    fromEnvironment.set(override.key.join('.'), override.variable);
  }
  if (!validateConfigFile(merged)) {
    const message = describeConfigError(validateConfigFile.errors![0]!, { merged, document, lineCounter, fromEnvironment, schema: configFileSchema });
    throw new ConfigError(`${path.basename(file)}: ${message}`);
  }
  const config = toConfig(merged, cwd, path.dirname(file));
  const backupsFromData = path.relative(config.dataDirectory, config.backups.directory);
  if (backupsFromData === '' || (!backupsFromData.startsWith(`..${path.sep}`) && backupsFromData !== '..' && !path.isAbsolute(backupsFromData))) {
    // A restore replaces the data directory whole: backups inside it would go with it.
    throw new ConfigError(`${path.basename(file)}: "backups.directory" (${config.backups.directory}) must not be inside the data directory (${config.dataDirectory})`);
  }
  const unlisted = config.forwardAuth.rules.findIndex((rule) => rule.host !== undefined && !config.forwardAuth.hosts.includes(rule.host));
  if (unlisted >= 0) {
    // Such a rule could never match: Gatehouse answers only for the listed hosts.
    const host = config.forwardAuth.rules[unlisted]!.host;
    throw new ConfigError(
      `${path.basename(file)}: "forward-auth.rules[${unlisted}].host" (${host}) is not one of forward-auth.hosts (${config.forwardAuth.hosts.join(', ') || 'none'})`,
    );
  }
  return config;
}

/** `beside`: the config file's directory, where messages.yml, shop.yml and jobs.yml are. */
function toConfig(file: ConfigFile, cwd: string, beside: string): Config {
  return {
    port: file.port,
    host: file.host,
    token: file.token,
    portal: { publicUrl: file.portal['public-url'] },
    cors: { enabled: file.cors.enabled, allowedOrigins: file.cors['allowed-origins'] },
    dataDirectory: path.resolve(cwd, file['data-directory']),
    textsFile: path.join(beside, 'messages.yml'),
    shopFile: path.join(beside, 'shop.yml'),
    jobsFile: path.join(beside, 'jobs.yml'),
    serverId: file.server.id,
    storage: { type: file.storage.type, postgresql: toPostgresSettings(file.storage.postgresql) },
    game: {
      connection: file.game.connection,
      embedded: {
        host: file.game.embedded.host,
        port: file.game.embedded.port,
        viewDistance: file.game.embedded['view-distance'],
        maxDroppedItems: file.game.embedded['max-dropped-items'],
      },
      bridge: { host: file.game.bridge.host, port: file.game.bridge.port, requestTimeoutMs: file.game.bridge['request-timeout-ms'] },
      rcon: {
        host: file.game.rcon.host,
        port: file.game.rcon.port,
        password: file.game.rcon.password,
        serverDirectory: file.game.rcon['server-directory'] ? path.resolve(cwd, file.game.rcon['server-directory']) : '',
        logFile: file.game.rcon['log-file']
          ? path.resolve(cwd, file.game.rcon['log-file'])
          : file.game.rcon['server-directory']
            ? path.resolve(cwd, file.game.rcon['server-directory'], 'logs', 'latest.log')
            : '',
        requestTimeoutMs: file.game.rcon['request-timeout-ms'],
        managementUrl: file.game.rcon['management-url'],
        managementSecret: file.game.rcon['management-secret'],
      },
    },
    settings: {
      serverName: file.server.name,
      maxPlayers: file.server['max-players'],
      difficulty: file.server.difficulty as ServerSettings['difficulty'],
      gameMode: file.server['game-mode'] as ServerSettings['gameMode'],
      pvpEnabled: file.server.pvp,
      whitelist: { enabled: file.whitelist.enabled, autoApprove: file.whitelist['auto-approve'] },
      notifications: { unregisteredInterval: file.notifications['unregistered-interval'], enabled: file.notifications.enabled },
      chat: { enabled: file.chat.enabled, webhookUrl: file.chat['webhook-url'] },
      economy: { currencySymbol: file.economy['currency-symbol'], startingBalance: file.economy['starting-balance'] },
    },
    accounts: {
      registrationCodeLifetimeSeconds: file.accounts['registration-code-lifetime-seconds'],
      tokenLifetimeSeconds: file.accounts['token-lifetime-seconds'],
      bcryptRounds: file.accounts['bcrypt-rounds'],
      maxFailedAttempts: file.accounts['max-failed-attempts'],
      failedAttemptWindowSeconds: file.accounts['failed-attempt-window-seconds'],
      addressMaxFailedAttempts: file.accounts['address-max-failed-attempts'],
      codeCheckMaxFailures: file.accounts['code-check-max-failures'],
      requireSecondFactorForAdmins: file.accounts['require-second-factor-for-admins'],
    },
    sessions: {
      portalTokenLifetimeSeconds: file.sessions['portal-token-lifetime-seconds'],
      idleDays: file.sessions['idle-days'],
      refreshReuseLeewaySeconds: file.sessions['refresh-reuse-leeway-seconds'],
      keptDays: file.sessions['kept-days'],
      resetCodeLifetimeSeconds: file.sessions['reset-code-lifetime-seconds'],
    },
    chatAllowPrivateAddresses: file.chat['allow-private-addresses'],
    economy: {
      provider: file.economy.provider,
      currencyName: file.economy['currency-name'],
      largeAdjustmentAlertCents: Math.round(file.economy['large-adjustment-alert'] * 100),
    },
    retention: {
      connectionLogDays: file.retention['connection-log-days'],
      messageDays: file.retention['message-days'],
      teleportLogDays: file.retention['teleport-log-days'],
      auditLogDays: file.retention['audit-log-days'],
      transactionDays: file.retention['transaction-days'],
      metricsHistoryDays: file.retention['metrics-history-days'],
    },
    http: {
      bodyLimitBytes: file.http['body-limit-kib'] * 1024,
      idleTimeoutMs: file.http['idle-timeout-seconds'] * 1000,
      maxConnections: file.http['max-connections'],
      trustedProxies: file.http['trusted-proxies'],
    },
    metrics: { enabled: file.metrics.enabled, allowedAddresses: file.metrics['allowed-addresses'] },
    jobs: {
      maxPerPlayer: file.jobs['max-per-player'],
      rejoinCooldownMs: file.jobs['rejoin-cooldown-minutes'] * 60_000,
      payoutIntervalMs: file.jobs['payout-interval-seconds'] * 1000,
      placedBlocksRemembered: file.jobs['placed-blocks-remembered'],
    },
    backups: {
      directory: path.resolve(cwd, file.backups.directory),
      schedule: parseBackupSchedule(file.backups.schedule)!,
      keepDaily: file.backups['keep-daily'],
      keepWeekly: file.backups['keep-weekly'],
      beforeRestart: file.backups['before-restart'],
    },
    events: {
      keepHours: file.events['keep-hours'],
      heartbeatMs: file.events['heartbeat-seconds'] * 1000,
      statusMs: file.events['status-seconds'] * 1000,
      bufferBytes: file.events['buffer-kib'] * 1024,
      maxStreamsPerCaller: file.events['max-streams-per-caller'],
      maxStreamsPerAddress: file.events['max-streams-per-address'],
    },
    webhooks: {
      retryMs: Math.round(file.webhooks['retry-seconds'] * 1000),
      maxRetryMs: Math.round(file.webhooks['max-retry-seconds'] * 1000),
      maxAttempts: file.webhooks['max-attempts'],
      keepDays: file.webhooks['keep-days'],
    },
    forwardAuth: {
      hosts: file['forward-auth'].hosts,
      rules: file['forward-auth'].rules,
      defaultNeed: file['forward-auth']['default-need'],
      callbackPath: file['forward-auth']['callback-path'],
    },
  };
}

function toPostgresSettings(file: ConfigFile['storage']['postgresql']): PostgresSettings {
  // The schema's format already refused an address parseAddress cannot read.
  const { host, port } = parseAddress(file.address)!;
  return {
    host,
    port,
    database: file.database,
    username: file.username,
    password: file.password,
    poolSize: file['pool-size'],
    tablePrefix: file['table-prefix'],
  };
}

/** The shortest service token start accepts: it is full admin on every endpoint, on an API often bound to the LAN. */
export const minimumTokenLength = 32;

/** Refuses a service token too short to be a secret (an empty one, which disables the service account, is fine). */
export function checkServiceToken(token: string): void {
  if (token !== '' && token.length < minimumTokenLength) {
    throw new ConfigError(
      `token must be at least ${minimumTokenLength} characters (it has ${token.length}): it is the full-admin secret shared with the plugin, ` +
        'so make it long and random (for example: openssl rand -hex 32), or leave it empty; dashboards and bots should use API keys (docs/keys.md)',
    );
  }
}

/** The configuration as it may be logged: secrets masked (the webhook URL holds one too). */
export function describeConfigForLog(config: Config): Config {
  const masked = structuredClone(config);
  if (masked.storage.postgresql.password) masked.storage.postgresql.password = '********';
  masked.token = config.token ? '********' : '';
  if (masked.game.rcon.password) masked.game.rcon.password = '********';
  if (masked.game.rcon.managementSecret) masked.game.rcon.managementSecret = '********';
  if (masked.settings.chat.webhookUrl) masked.settings.chat.webhookUrl = '********';
  return masked;
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown): void {
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}
