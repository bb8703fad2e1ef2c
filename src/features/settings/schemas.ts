/** The live settings object, and a change to it: a partial object whose unknown keys and wrong types are refused, a null key meaning "back to config.yml". */
import { difficulties, gameModes } from '../../game/port.js';
import { t, type Schema, type Static } from '../../lib/schema.js';
import { gameText, money } from '../common/schemas.js';
import { fromCents, maxCents } from '../common/money.js';

const fields = {
  serverName: gameText({ minLength: 1, maxLength: 100 }),
  maxPlayers: t.integer({ minimum: 1, maximum: 10000 }),
  difficulty: t.enum(difficulties),
  gameMode: t.enum(gameModes),
  pvpEnabled: t.boolean(),
  whitelist: { enabled: t.boolean(), autoApprove: t.boolean() },
  notifications: { unregisteredInterval: t.integer({ minimum: 1, maximum: 1440, description: 'Minutes.' }), enabled: t.boolean() },
  chat: {
    enabled: t.boolean(),
    webhookUrl: t.string({ maxLength: 2000, format: 'http-url', 'x-message': 'must be an http or https URL, or empty' }),
  },
  economy: {
    currencySymbol: gameText({ minLength: 1, maxLength: 8 }),
    // Never above what a balance may hold (the economy's bound), or a new account could not open.
    startingBalance: money({ minimum: 0, maximum: fromCents(maxCents) }),
  },
};

/** Every key required: what GET answers. */
export const settingsObject = t.object({
  ...fields,
  whitelist: t.object(fields.whitelist),
  notifications: t.object(fields.notifications),
  chat: t.object(fields.chat),
  economy: t.object(fields.economy),
});

function partial<P extends Record<string, Schema<unknown>>>(properties: P) {
  return Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, t.optional(schema)])) as { [K in keyof P]: ReturnType<typeof t.optional<P[K]>> };
}

/**
 * Each key may also be null: "back to config.yml's value". Written as
 * anyOf (not t.nullable's type list) so a refused value is described by the
 * key's own schema alone ("must be one of peaceful, easy, normal, hard").
 */
function resettable<P extends Record<string, Schema<unknown>>>(properties: P) {
  return Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, { anyOf: [schema, { type: 'null' }] }])) as unknown as {
    [K in keyof P]: Schema<Static<P[K]> | null>;
  };
}

/** The changes kept in the store: any of the keys, nested ones too, each with a value. */
export const storedSettings = t.object({
  ...partial({ serverName: fields.serverName, maxPlayers: fields.maxPlayers, difficulty: fields.difficulty, gameMode: fields.gameMode, pvpEnabled: fields.pvpEnabled }),
  whitelist: t.optional(t.object(partial(fields.whitelist))),
  notifications: t.optional(t.object(partial(fields.notifications))),
  chat: t.optional(t.object(partial(fields.chat))),
  economy: t.optional(t.object(partial(fields.economy))),
});

const resetDescription = 'null returns the key to its value in config.yml (it is no longer overridden).';

/** What POST takes: any of the keys, nested ones too; null for a key returns it to config.yml's value. */
export const settingsChange = t.object(
  {
    ...partial(
      resettable({ serverName: fields.serverName, maxPlayers: fields.maxPlayers, difficulty: fields.difficulty, gameMode: fields.gameMode, pvpEnabled: fields.pvpEnabled }),
    ),
    whitelist: t.optional(t.object(partial(resettable(fields.whitelist)))),
    notifications: t.optional(t.object(partial(resettable(fields.notifications)))),
    chat: t.optional(t.object(partial(resettable(fields.chat)))),
    economy: t.optional(t.object(partial(resettable(fields.economy)))),
  },
  { description: `Any of the settings' keys, nested ones too. For each key, ${resetDescription}` },
);

/** GET's `overridden`: which keys the changes made through the API hold. */
export const overriddenKeys = t.array(t.string(), {
  description:
    'Dotted paths of the keys changed through the API (e.g. chat.enabled). Each overrides its value in config.yml, across restarts, until it is given back (DELETE /api/admin/settings/overrides/{key}, or null for it in a POST).',
});

/** GET's `defaults`: the settings as they would be without those changes. */
export const settingsDefaults = {
  ...settingsObject,
  description:
    "Every setting as it is without the changes made through the API: config.yml's value, or the game server's own for the settings a Paper or vanilla server keeps and Gatehouse reads. A key listed in overridden goes back to this value when it is given back.",
} as typeof settingsObject;
