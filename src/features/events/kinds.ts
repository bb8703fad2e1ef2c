/**
 * Every kind of event the stream and the webhooks carry: its name, the
 * scope an API key needs to read it, the schema of its `data`, the fields
 * of it that are personal (read only with personal:read, as the routes'
 * answers), and which part of it a player may see of their own. One list:
 * the stream's filter, the OpenAPI document's event schemas, the webhooks'
 * kinds and the scope test all read it.
 */
import { type Schema, type Static, t } from '../../lib/schema.js';
import { backupReason } from '../backups/schemas.js';
import { money } from '../common/schemas.js';
import { appealStatus, moderationKind } from '../moderation/schemas.js';

const player = t.object({ name: t.string(), uuid: t.string() });
const timestamp = t.string({ format: 'date-time' });

/** A player as a stream compares them: their game name and UUID. */
export interface Watcher {
  name: string;
  uuid: string;
}

export interface EventKind<D = unknown> {
  readonly type: string;
  readonly summary: string;
  /** The scope an API key needs to receive it. */
  readonly scope: string;
  readonly data: Schema<D>;
  /** Paths in `data` of personal data (addresses), left out for a key without personal:read. */
  readonly personal?: readonly string[];
  /** What a player's own stream shows of it: the data (or a part of it) when it is theirs, else undefined. */
  readonly forPlayer?: (data: D, watcher: Watcher) => D | undefined;
}

function kind<const T extends string, S extends Schema<unknown>>(
  definition: Omit<EventKind<Static<S>>, 'data' | 'type'> & { type: T; data: S },
): Omit<EventKind<Static<S>>, 'type' | 'data'> & { type: T; data: S } {
  return definition;
}

const same = (a: { uuid: string }, watcher: Watcher) => a.uuid === watcher.uuid;
const mine = <D extends { player: { uuid: string } }>(data: D, watcher: Watcher) => (same(data.player, watcher) ? data : undefined);

const presence = t.object({
  player,
  ipAddress: t.optional(t.string({ description: 'Personal: only with personal:read (an API key), an operator or the service token.' })),
});
const restart = t.object({
  restartAt: timestamp,
  reason: t.string(),
  requestedBy: t.string(),
  delaySeconds: t.integer({ description: 'The countdown when it was scheduled.' }),
});
const trade = t.object({
  player,
  item: t.string(),
  quantity: t.integer(),
  price: money({ description: 'What was paid (a purchase) or earned (a sale), in all.' }),
  transactionId: t.integer({ description: 'The ledger record of the money.' }),
});

const moderationRecord = t.object({
  recordId: t.integer({ description: 'The record (GET /api/moderation/records/{id}).' }),
  kind: moderationKind,
  player: t.nullable(player), // null for a ban of an address
  address: t.optional(t.string({ description: 'Personal: the banned address, only with personal:read (an API key), an operator or the service token.' })),
  reason: t.string(),
  by: t.optional(t.string({ description: 'Who did it; not in the player’s own stream (their record in the portal does not name them either).' })),
  expiresAt: t.nullable(timestamp),
  lifted: t.nullable(t.object({ at: timestamp, reason: t.string() })),
  appeal: t.nullable(t.object({ text: t.string(), status: appealStatus, answer: t.nullable(t.string()), answeredBy: t.nullable(t.string()) })),
});
/** A player's own stream shows what is about them, never an address nor who acted. */
const aboutMe = <D extends { player: { uuid: string } | null; address?: string; by?: string }>(data: D, watcher: Watcher): D | undefined => {
  if (!data.player || !same(data.player, watcher)) return undefined;
  const { address: _address, by: _by, ...mine } = data;
  return mine as D;
};
const moderationEventKind = <const T extends string>(type: T, summary: string) =>
  kind({ type, summary, scope: 'moderation:read', data: moderationRecord, personal: ['address'], forPlayer: aboutMe });

export const eventKinds = [
  kind({ type: 'player.joined', summary: 'A player joined the game server', scope: 'players:read', data: presence, personal: ['ipAddress'] }),
  kind({ type: 'player.left', summary: 'A player left the game server', scope: 'players:read', data: presence, personal: ['ipAddress'] }),
  kind({
    type: 'money.moved',
    summary: "A balance changed: one event per account a movement touched (a transfer is two, each side's own)",
    scope: 'economy:read',
    data: t.object({
      transactionId: t.integer(),
      player,
      type: t.enum(['PURCHASE', 'SALE', 'TRANSFER', 'ADMIN', 'REWARD'] as const),
      amount: money({ description: 'Negative for money spent.' }),
      balance: money({ description: 'The balance after it.' }),
      description: t.string(),
      counterparty: t.optional(player),
    }),
    forPlayer: mine,
  }),
  kind({ type: 'purchase.made', summary: 'A player bought from the shop (the items are delivered after)', scope: 'shop:read', data: trade, forPlayer: mine }),
  kind({
    type: 'purchase.delivered',
    summary: 'Items of a purchase reached the player in game (all of them, or some when the inventory was full)',
    scope: 'shop:read',
    data: t.object({
      deliveryId: t.integer(),
      player,
      item: t.string(),
      quantity: t.integer({ description: 'Bought.' }),
      given: t.integer({ description: 'Given so far.' }),
      givenNow: t.integer({ description: 'Given this time.' }),
      state: t.enum(['pending', 'delivered'] as const),
    }),
    forPlayer: mine,
  }),
  kind({ type: 'sale.made', summary: 'A player sold items to the market', scope: 'shop:read', data: trade, forPlayer: mine }),
  kind({
    type: 'jobs.payout',
    summary: "A jobs payout: every player paid for the work counted since the last one (one event a payout; a player's own stream shows only their line)",
    scope: 'jobs:read',
    data: t.object({
      payouts: t.array(t.object({ player, amount: money(), description: t.string() })),
    }),
    forPlayer: (data, watcher) => {
      const own = data.payouts.filter((payout) => same(payout.player, watcher));
      return own.length > 0 ? { payouts: own } : undefined;
    },
  }),
  kind({ type: 'restart.scheduled', summary: 'A restart of the server was scheduled', scope: 'server:read', data: restart }),
  kind({ type: 'restart.cancelled', summary: 'The pending restart was cancelled', scope: 'server:read', data: restart }),
  kind({ type: 'restart.started', summary: 'The countdown ended: the server restarts now', scope: 'server:read', data: restart }),
  kind({
    type: 'settings.changed',
    summary: 'Live settings were changed through the API (GET /api/admin/settings has their values)',
    scope: 'settings:read',
    data: t.object({ keys: t.array(t.string(), { description: 'The dotted names of the settings changed.' }) }),
  }),
  kind({
    type: 'whitelist.changed',
    summary: 'A player was put on or taken off the whitelist',
    scope: 'whitelist:read',
    data: t.object({ player: t.string(), action: t.enum(['added', 'removed'] as const), by: t.string() }),
  }),
  kind({
    type: 'key.new_address',
    summary: 'An API key was used from an address other than the one it was last used from',
    scope: 'keys:read',
    data: t.object({
      keyId: t.string(),
      name: t.string(),
      address: t.optional(t.string({ description: 'Personal: only with personal:read.' })),
      previousAddress: t.optional(t.nullable(t.string({ description: 'Personal: only with personal:read. null: its first use.' }))),
    }),
    personal: ['address', 'previousAddress'],
  }),
  kind({
    type: 'message.sent',
    summary: "An admin's message: an announcement to everyone, or a direct message (a player's own stream shows announcements and their own messages)",
    scope: 'messages:read',
    data: t.object({
      messageId: t.integer(),
      type: t.enum(['ANNOUNCEMENT', 'DIRECT'] as const),
      content: t.string(),
      recipient: t.optional(t.string()),
      sentBy: t.string(),
      expiresAt: t.nullable(timestamp),
    }),
    forPlayer: (data, watcher) => (data.type === 'ANNOUNCEMENT' || data.recipient?.toLowerCase() === watcher.name.toLowerCase() ? data : undefined),
  }),
  moderationEventKind('moderation.banned', 'A player or an address was banned (on every server of a network)'),
  moderationEventKind('moderation.lifted', 'A ban was lifted (by an admin, or by an accepted appeal)'),
  moderationEventKind('moderation.kicked', 'A player was kicked from the game'),
  moderationEventKind('moderation.warned', 'A player was warned'),
  moderationEventKind('moderation.appealed', 'A banned player appealed their ban'),
  moderationEventKind('moderation.appeal_answered', 'An appeal was accepted or rejected'),
  kind({
    type: 'backup.taken',
    summary: 'A backup archive was written whole (GET /api/admin/backups lists it)',
    scope: 'backups:read',
    data: t.object({
      name: t.string({ description: "The archive's file name." }),
      reason: backupReason,
      requestedBy: t.nullable(t.string()),
      bytes: t.integer(),
      tookMs: t.integer(),
      deleted: t.array(t.string(), { description: 'Archives retention deleted after it.' }),
    }),
  }),
  kind({
    type: 'backup.failed',
    summary: 'A backup could not be taken (nothing partial is kept; the world is saved again as before)',
    scope: 'backups:read',
    data: t.object({
      name: t.string(),
      reason: backupReason,
      requestedBy: t.nullable(t.string()),
      error: t.string(),
    }),
  }),
  kind({
    type: 'backup.restored',
    summary: 'Gatehouse started on data restored from an archive (npm run restore), told once at that start',
    scope: 'backups:read',
    data: t.object({ archive: t.string(), createdAt: timestamp, restoredAt: timestamp }),
  }),
  kind({
    type: 'server.status',
    summary: 'How the server is doing, every events.status-seconds (15 s)',
    scope: 'server:read',
    data: t.object({
      players: t.object({ online: t.nullable(t.integer({ description: "This server's players; null while the game is away." })), max: t.integer() }),
      ticks: t.nullable(t.object({ oneMinute: t.number(), millisecondsPerTick: t.nullable(t.number()) }, { description: 'null where the game cannot tell.' })),
      memory: t.object({
        gatehouse: t.object({ rssBytes: t.integer(), heapUsedBytes: t.integer() }),
        game: t.nullable(t.object({ usedBytes: t.integer(), maxBytes: t.integer() })),
      }),
    }),
  }),
] as const;

/** The names of the kinds. */
export type EventType = (typeof eventKinds)[number]['type'];

export const eventTypes: readonly string[] = eventKinds.map((entry) => entry.type);

const byType = new Map<string, EventKind>(eventKinds.map((entry) => [entry.type, entry as unknown as EventKind]));

export function kindOf(type: string): EventKind | undefined {
  return byType.get(type);
}

/** The `data` of each kind, by its name, for publishing with the compiler's help. */
export type EventData<T extends EventType> = Static<Extract<(typeof eventKinds)[number], { type: T }>['data']>;
