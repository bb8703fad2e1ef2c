import type { ConfigFile } from './schema.js';

/** Defaults, in the shape of config.yml; keep them equal to the values written there. */
export const configDefaults: ConfigFile = {
  port: 8080,
  host: '0.0.0.0',
  token: '',
  portal: { 'public-url': '' },
  cors: { enabled: true, 'allowed-origins': '*' },
  'data-directory': 'data',
  storage: {
    type: 'json',
    postgresql: { address: 'localhost:5432', database: 'gatehouse', username: 'gatehouse', password: '', 'pool-size': 10, 'table-prefix': 'gatehouse_' },
  },
  game: {
    connection: 'embedded',
    embedded: { host: '0.0.0.0', port: 25565, 'view-distance': 4, 'max-dropped-items': 1000 },
    bridge: { host: '127.0.0.1', port: 25580, 'request-timeout-ms': 5000 },
    rcon: {
      host: '127.0.0.1',
      port: 25575,
      password: '',
      'server-directory': '',
      'log-file': '',
      'request-timeout-ms': 5000,
      'management-url': '',
      'management-secret': '',
    },
  },
  server: { id: 'main', name: 'A Gatehouse server', 'max-players': 20, difficulty: 'normal', 'game-mode': 'survival', pvp: true },
  whitelist: { enabled: false, 'auto-approve': false },
  notifications: { enabled: true, 'unregistered-interval': 10 },
  chat: { enabled: false, 'webhook-url': '', 'allow-private-addresses': false },
  accounts: {
    'registration-code-lifetime-seconds': 86400,
    'token-lifetime-seconds': 86400,
    'bcrypt-rounds': 10,
    'max-failed-attempts': 10,
    'failed-attempt-window-seconds': 600,
    'address-max-failed-attempts': 100,
    'code-check-max-failures': 10,
    'require-second-factor-for-admins': false,
  },
  sessions: {
    'portal-token-lifetime-seconds': 900,
    'idle-days': 30,
    'refresh-reuse-leeway-seconds': 10,
    'kept-days': 7,
    'reset-code-lifetime-seconds': 1800,
  },
  economy: { provider: 'auto', 'currency-symbol': '$', 'currency-name': 'Dollars', 'starting-balance': 100, 'large-adjustment-alert': 1000 },
  retention: { 'connection-log-days': 30, 'message-days': 90, 'teleport-log-days': 90, 'audit-log-days': 365, 'transaction-days': 90, 'metrics-history-days': 7 },
  http: { 'body-limit-kib': 64, 'idle-timeout-seconds': 10, 'max-connections': 512, 'trusted-proxies': [] },
  metrics: { enabled: false, 'allowed-addresses': [] },
  jobs: { 'max-per-player': 3, 'rejoin-cooldown-minutes': 60, 'payout-interval-seconds': 5, 'placed-blocks-remembered': 100000 },
  sidecar: { launch: true, node: 'node' },
  backups: { directory: 'backups', schedule: '04:00', 'keep-daily': 7, 'keep-weekly': 4, 'before-restart': false },
  // The event stream and the webhooks (docs/events.md).
  events: { 'keep-hours': 24, 'heartbeat-seconds': 15, 'status-seconds': 15, 'buffer-kib': 256, 'max-streams-per-caller': 5, 'max-streams-per-address': 20 },
  webhooks: { 'retry-seconds': 5, 'max-retry-seconds': 3600, 'max-attempts': 15, 'keep-days': 30 },
  // Forward authentication for reverse proxies (docs/sign-in.md).
  'forward-auth': { hosts: [], rules: [], 'default-need': 'player', 'callback-path': '/.gatehouse/callback' },
};
