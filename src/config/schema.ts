/** The shape of config.yml after defaults are merged in, as a JSON schema and as a type. */
export interface ConfigFile {
  port: number;
  host: string;
  token: string;
  cors: { enabled: boolean; 'allowed-origins': string };
  'data-directory': string;
  game: {
    connection: 'embedded';
    embedded: { host: string; port: number; motd: string; 'max-players': number; 'view-distance': number };
  };
  accounts: {
    'registration-code-lifetime-seconds': number;
    'token-lifetime-seconds': number;
    'bcrypt-rounds': number;
    'max-failed-attempts': number;
    'failed-attempt-window-seconds': number;
  };
  economy: { 'currency-symbol': string; 'currency-name': string };
  retention: { 'connection-log-days': number };
  http: { 'body-limit-kib': number };
}

const port = { type: 'integer', minimum: 0, maximum: 65535 } as const;
const positiveInteger = { type: 'integer', minimum: 1 } as const;

function group(properties: Record<string, object>) {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}

export const configFileSchema = group({
  port,
  host: { type: 'string', minLength: 1 },
  token: { type: 'string' },
  cors: group({ enabled: { type: 'boolean' }, 'allowed-origins': { type: 'string', minLength: 1 } }),
  'data-directory': { type: 'string', minLength: 1 },
  game: group({
    connection: { type: 'string', enum: ['embedded'] },
    embedded: group({
      host: { type: 'string', minLength: 1 },
      port,
      motd: { type: 'string' },
      'max-players': { type: 'integer', minimum: 1, maximum: 10000 },
      'view-distance': { type: 'integer', minimum: 2, maximum: 32 },
    }),
  }),
  accounts: group({
    'registration-code-lifetime-seconds': positiveInteger,
    'token-lifetime-seconds': positiveInteger,
    'bcrypt-rounds': { type: 'integer', minimum: 4, maximum: 15 },
    'max-failed-attempts': positiveInteger,
    'failed-attempt-window-seconds': positiveInteger,
  }),
  economy: group({ 'currency-symbol': { type: 'string' }, 'currency-name': { type: 'string' } }),
  retention: group({ 'connection-log-days': positiveInteger }),
  http: group({ 'body-limit-kib': { type: 'integer', minimum: 1, maximum: 10240 } }),
});
