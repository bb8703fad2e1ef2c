/** POST /api/admin/settings: a partial settings object; unknown keys and wrong types are refused. */
import { difficulties, gameModes } from '../../game/port.js';

function group(properties: Record<string, object>) {
  return { type: 'object', additionalProperties: false, properties } as const;
}

const settingsProperties = {
  serverName: { type: 'string', minLength: 1, maxLength: 100 },
  maxPlayers: { type: 'integer', minimum: 1, maximum: 10000 },
  difficulty: { type: 'string', enum: difficulties },
  gameMode: { type: 'string', enum: gameModes },
  pvpEnabled: { type: 'boolean' },
  whitelist: group({ enabled: { type: 'boolean' }, autoApprove: { type: 'boolean' } }),
  notifications: group({ unregisteredInterval: { type: 'integer', minimum: 1, maximum: 1440 }, enabled: { type: 'boolean' } }),
  chat: group({
    enabled: { type: 'boolean' },
    webhookUrl: { type: 'string', maxLength: 2000, format: 'http-url', 'x-message': 'must be an http or https URL, or empty' },
  }),
  economy: group({
    currencySymbol: { type: 'string', minLength: 1, maxLength: 8 },
    startingBalance: { type: 'number', minimum: 0, maximum: 1e12 },
  }),
};

export const settingsUpdateBody = group(settingsProperties);

export const settingsObject = {
  type: 'object',
  properties: settingsProperties,
  required: Object.keys(settingsProperties),
} as const;
