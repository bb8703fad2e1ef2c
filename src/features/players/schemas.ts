/** Queries and answers of the players endpoints. */
import { gameModes, worldEnvironments } from '../../game/port.js';
import { t } from '../../lib/schema.js';
import { playerName } from '../common/schemas.js';

export const coordinates = { x: t.number(), y: t.number(), z: t.number() };

export const onlinePlayer = t.object({
  name: t.string(),
  uuid: t.string(),
  world: t.string(),
  gameMode: t.enum(gameModes),
  ping: t.integer({ description: 'Milliseconds.' }),
  hasAccount: t.boolean({ description: 'Whether the player has a web account.' }),
  server: t.string({ description: 'The server.id of the server the player is on (a network of servers shares one database).' }),
  ipAddress: t.optional(t.string({ description: 'Operators, the service token, and API keys holding personal:read only.' })),
  location: t.optional(t.object({ ...coordinates, yaw: t.number(), pitch: t.number() }, { description: 'Operators, the service token, and API keys holding personal:read only.' })),
});

export const inventoryItem = t.object({
  slot: t.integer({ description: '0-8 hotbar, 9-35 main, 36-39 armour (feet to head), 40 off hand.' }),
  item: t.string({ example: 'diamond' }),
  name: t.string({ example: 'Diamond', description: 'As the shop and the market name it.' }),
  count: t.integer(),
  sellPrice: t.nullable(t.number({ description: 'What the market pays for one now; null when it does not buy it.' })),
});

export const mapWorld = t.object({
  name: t.string(),
  environment: t.enum(worldEnvironments),
  spawn: t.nullable(t.object(coordinates, { description: 'Null where the game cannot tell (a vanilla server over RCON).' })),
  lastSeen: t.optional(
    t.nullable(
      t.object(
        { ...coordinates, at: t.string({ format: 'date-time' }) },
        { description: 'Where the player was last seen in this world. Left out for an API key without personal:read.' },
      ),
    ),
  ),
});

export const subjectQuery = t.object({ username: t.optional(playerName) });

export const serverQuery = t.object({
  server: t.optional(t.string({ pattern: '^[a-z0-9][a-z0-9_-]{0,31}$', 'x-message': 'must be a server.id like survival' })),
});
