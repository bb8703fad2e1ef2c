import type { ConfigFile } from './schema.js';

/** Defaults, in the shape of config.yml; keep them equal to the values written there. */
export const configDefaults: ConfigFile = {
  port: 8080,
  host: '0.0.0.0',
  token: '',
  cors: { enabled: true, 'allowed-origins': '*' },
  'data-directory': 'data',
  game: {
    connection: 'embedded',
    embedded: { host: '0.0.0.0', port: 25565, motd: 'A Gatehouse server', 'max-players': 20, 'view-distance': 4 },
  },
  accounts: {
    'registration-code-lifetime-seconds': 86400,
    'token-lifetime-seconds': 86400,
    'bcrypt-rounds': 10,
    'max-failed-attempts': 10,
    'failed-attempt-window-seconds': 600,
  },
  economy: { 'currency-symbol': '$', 'currency-name': 'Dollars' },
  retention: { 'connection-log-days': 30 },
  http: { 'body-limit-kib': 64 },
};
