/** The shape of config.yml after defaults are merged in, as a JSON schema and as a type. */
import { difficulties, gameModes } from '../game/port.js';
import { tablePrefixPattern } from '../store/postgres/settings.js';

export interface ConfigFile {
  port: number;
  host: string;
  token: string;
  portal: { 'public-url': string };
  cors: { enabled: boolean; 'allowed-origins': string };
  'data-directory': string;
  storage: {
    type: 'json' | 'postgresql';
    postgresql: { address: string; database: string; username: string; password: string; 'pool-size': number; 'table-prefix': string };
  };
  game: {
    connection: 'embedded' | 'bridge' | 'rcon';
    embedded: { host: string; port: number; 'view-distance': number; 'max-dropped-items': number };
    bridge: { host: string; port: number; 'request-timeout-ms': number };
    rcon: {
      host: string;
      port: number;
      password: string;
      'server-directory': string;
      'log-file': string;
      'request-timeout-ms': number;
      'management-url': string;
      'management-secret': string;
    };
  };
  server: { id: string; name: string; 'max-players': number; difficulty: string; 'game-mode': string; pvp: boolean };
  whitelist: { enabled: boolean; 'auto-approve': boolean };
  notifications: { enabled: boolean; 'unregistered-interval': number };
  chat: { enabled: boolean; 'webhook-url': string; 'allow-private-addresses': boolean };
  accounts: {
    'registration-code-lifetime-seconds': number;
    'token-lifetime-seconds': number;
    'bcrypt-rounds': number;
    'max-failed-attempts': number;
    'failed-attempt-window-seconds': number;
    'address-max-failed-attempts': number;
    'code-check-max-failures': number;
    // Issue 32: second factors.
    'require-second-factor-for-admins': boolean;
  };
  sessions: {
    'portal-token-lifetime-seconds': number;
    'idle-days': number;
    'refresh-reuse-leeway-seconds': number;
    'kept-days': number;
    'reset-code-lifetime-seconds': number;
  };
  economy: { provider: 'auto' | 'builtin' | 'vault' | 'none'; 'currency-symbol': string; 'currency-name': string; 'starting-balance': number; 'large-adjustment-alert': number };
  retention: {
    'connection-log-days': number;
    'message-days': number;
    'teleport-log-days': number;
    'audit-log-days': number;
    'transaction-days': number;
    'metrics-history-days': number;
  };
  http: { 'body-limit-kib': number; 'idle-timeout-seconds': number; 'max-connections': number; 'trusted-proxies': string[] };
  metrics: { enabled: boolean; 'allowed-addresses': string[] };
  jobs: { 'max-per-player': number; 'rejoin-cooldown-minutes': number; 'payout-interval-seconds': number; 'placed-blocks-remembered': number };
  /** Read by the Paper plugin that hosts this sidecar (bridge/); the sidecar itself ignores it. */
  sidecar: { launch: boolean; node: string };
  backups: { directory: string; schedule: string; 'keep-daily': number; 'keep-weekly': number; 'before-restart': boolean };
  // The event stream and the webhooks (docs/events.md).
  events: {
    'keep-hours': number;
    'heartbeat-seconds': number;
    'status-seconds': number;
    'buffer-kib': number;
    'max-streams-per-caller': number;
    'max-streams-per-address': number;
  };
  webhooks: { 'retry-seconds': number; 'max-retry-seconds': number; 'max-attempts': number; 'keep-days': number };
  // Forward authentication for reverse proxies (docs/sign-in.md).
  'forward-auth': { hosts: string[]; rules: Array<{ host?: string; path: string; need: ForwardAuthNeed }>; 'default-need': ForwardAuthNeed; 'callback-path': string };
}

/** Who may see a page behind forward authentication: anyone, any logged-in player, a player on the whitelist (or an operator), an operator now. */
export type ForwardAuthNeed = 'anyone' | 'player' | 'whitelisted' | 'operator';
export const forwardAuthNeeds: readonly ForwardAuthNeed[] = ['anyone', 'player', 'whitelisted', 'operator'];
/** A host as the browser names it, in lower case: a name or IPv4 address, or [IPv6], with an optional port. */
const proxiedHost = { type: 'string', pattern: '^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\\[[0-9a-f:.]+\\])(:[0-9]{1,5})?$' } as const;

const port = { type: 'integer', minimum: 0, maximum: 65535 } as const;
const positiveInteger = { type: 'integer', minimum: 1 } as const;

function group(properties: Record<string, object>) {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}

export const configFileSchema = group({
  port,
  host: { type: 'string', minLength: 1 },
  token: { type: 'string' },
  // Empty, or an absolute http(s) address (the format is isPortalUrl, registered in config.ts).
  portal: group({ 'public-url': { type: 'string', format: 'portal-url' } }),
  cors: group({ enabled: { type: 'boolean' }, 'allowed-origins': { type: 'string', minLength: 1 } }),
  'data-directory': { type: 'string', minLength: 1 },
  storage: group({
    type: { type: 'string', enum: ['json', 'postgresql'] },
    postgresql: group({
      // host, host:port, [IPv6] or [IPv6]:port (the format is parseAddress, registered in config.ts).
      address: { type: 'string', format: 'host:port' },
      database: { type: 'string', minLength: 1 },
      username: { type: 'string', minLength: 1 },
      password: { type: 'string' },
      'pool-size': { type: 'integer', minimum: 1, maximum: 1000 },
      'table-prefix': { type: 'string', pattern: tablePrefixPattern },
    }),
  }),
  game: group({
    connection: { type: 'string', enum: ['embedded', 'bridge', 'rcon'] },
    embedded: group({
      host: { type: 'string', minLength: 1 },
      port,
      'view-distance': { type: 'integer', minimum: 2, maximum: 32 },
      'max-dropped-items': { type: 'integer', minimum: 1, maximum: 100000 },
    }),
    bridge: group({
      host: { type: 'string', minLength: 1 },
      port,
      'request-timeout-ms': { type: 'integer', minimum: 100, maximum: 600000 },
    }),
    rcon: group({
      host: { type: 'string', minLength: 1 },
      port,
      password: { type: 'string' },
      'server-directory': { type: 'string' },
      'log-file': { type: 'string' },
      'request-timeout-ms': { type: 'integer', minimum: 100, maximum: 600000 },
      'management-url': { type: 'string', pattern: '^(wss?://.+)?$' },
      'management-secret': { type: 'string' },
    }),
  }),
  server: group({
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,31}$' },
    name: { type: 'string', maxLength: 100 },
    'max-players': { type: 'integer', minimum: 1, maximum: 10000 },
    difficulty: { type: 'string', enum: difficulties },
    'game-mode': { type: 'string', enum: gameModes },
    pvp: { type: 'boolean' },
  }),
  whitelist: group({ enabled: { type: 'boolean' }, 'auto-approve': { type: 'boolean' } }),
  notifications: group({ enabled: { type: 'boolean' }, 'unregistered-interval': { type: 'integer', minimum: 1, maximum: 1440 } }),
  chat: group({ enabled: { type: 'boolean' }, 'webhook-url': { type: 'string', pattern: '^(https?://.+)?$' }, 'allow-private-addresses': { type: 'boolean' } }),
  accounts: group({
    'registration-code-lifetime-seconds': positiveInteger,
    'token-lifetime-seconds': positiveInteger,
    'bcrypt-rounds': { type: 'integer', minimum: 4, maximum: 15 },
    'max-failed-attempts': positiveInteger,
    'failed-attempt-window-seconds': positiveInteger,
    'address-max-failed-attempts': positiveInteger,
    'code-check-max-failures': positiveInteger,
    'require-second-factor-for-admins': { type: 'boolean' },
  }),
  sessions: group({
    'portal-token-lifetime-seconds': { type: 'integer', minimum: 60, maximum: 86400 },
    'idle-days': { type: 'integer', minimum: 1, maximum: 400 },
    'refresh-reuse-leeway-seconds': { type: 'integer', minimum: 0, maximum: 60 },
    'kept-days': positiveInteger,
    'reset-code-lifetime-seconds': { type: 'integer', minimum: 60, maximum: 86400 },
  }),
  economy: group({
    provider: { type: 'string', enum: ['auto', 'builtin', 'vault', 'none'] },
    'currency-symbol': { type: 'string', maxLength: 8 },
    'currency-name': { type: 'string' },
    // The economy's bound on a balance (100,000,000,000.00; src/features/common/money.ts).
    'starting-balance': { type: 'number', minimum: 0, maximum: 1e11 },
    'large-adjustment-alert': { type: 'number', minimum: 0, maximum: 1e12 },
  }),
  retention: group({
    'connection-log-days': positiveInteger,
    'message-days': positiveInteger,
    'teleport-log-days': positiveInteger,
    'audit-log-days': positiveInteger,
    'transaction-days': positiveInteger,
    'metrics-history-days': positiveInteger,
  }),
  metrics: group({ enabled: { type: 'boolean' }, 'allowed-addresses': { type: 'array', items: { type: 'string', format: 'ip-address' } } }),
  jobs: group({
    'max-per-player': { type: 'integer', minimum: 1, maximum: 100 },
    'rejoin-cooldown-minutes': { type: 'integer', minimum: 0, maximum: 43200 },
    'payout-interval-seconds': { type: 'integer', minimum: 1, maximum: 3600 },
    'placed-blocks-remembered': { type: 'integer', minimum: 1000, maximum: 10000000 },
  }),
  sidecar: group({ launch: { type: 'boolean' }, node: { type: 'string', minLength: 1 } }),
  backups: group({
    directory: { type: 'string', minLength: 1 },
    // off, HH:MM or "every <n>m" / "every <n>h" (the format is parseBackupSchedule, registered in config.ts).
    schedule: { type: 'string', format: 'backup-schedule' },
    'keep-daily': { type: 'integer', minimum: 0, maximum: 3650 },
    'keep-weekly': { type: 'integer', minimum: 0, maximum: 520 },
    'before-restart': { type: 'boolean' },
  }),
  // The event stream and the webhooks (docs/events.md).
  events: group({
    'keep-hours': { type: 'number', exclusiveMinimum: 0, maximum: 8760 },
    'heartbeat-seconds': { type: 'integer', minimum: 1, maximum: 300 },
    'status-seconds': { type: 'integer', minimum: 1, maximum: 3600 },
    'buffer-kib': { type: 'integer', minimum: 16, maximum: 65536 },
    'max-streams-per-caller': { type: 'integer', minimum: 1, maximum: 100000 },
    'max-streams-per-address': { type: 'integer', minimum: 1, maximum: 100000 },
  }),
  webhooks: group({
    'retry-seconds': { type: 'number', minimum: 0.1, maximum: 86400 },
    'max-retry-seconds': { type: 'number', minimum: 0.1, maximum: 86400 },
    'max-attempts': { type: 'integer', minimum: 1, maximum: 100 },
    'keep-days': positiveInteger,
  }),
  // Forward authentication for reverse proxies (docs/sign-in.md).
  'forward-auth': group({
    hosts: { type: 'array', items: proxiedHost, maxItems: 1000 },
    rules: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'need'],
        properties: { host: proxiedHost, path: { type: 'string', pattern: '^/[^?#]*$', maxLength: 2000 }, need: { type: 'string', enum: forwardAuthNeeds } },
      },
    },
    'default-need': { type: 'string', enum: forwardAuthNeeds },
    'callback-path': { type: 'string', pattern: '^/[A-Za-z0-9._~/-]*$', maxLength: 200 },
  }),
  http: group({
    'body-limit-kib': { type: 'integer', minimum: 1, maximum: 10240 },
    'idle-timeout-seconds': { type: 'integer', minimum: 1, maximum: 3600 },
    'max-connections': { type: 'integer', minimum: 10, maximum: 100000 },
    'trusted-proxies': { type: 'array', items: { type: 'string', format: 'ip-address' } },
  }),
});
