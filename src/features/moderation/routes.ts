/** Bans, kicks, warnings and appeals: admins act and read every record; a player reads their own and appeals a ban. */
import { ApiError, forbidden, invalidField, notFound } from '../../errors.js';
import type { GameBan, PlayerRef } from '../../game/port.js';
import { type Caller, reply, type Route, route, userOf } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { AuditTrail } from '../audit/service.js';
import { pagination } from '../common/schemas.js';
import { ownRecordOf, recordAnswerOf } from './answers.js';
import {
  answerBody,
  appealBody,
  banBody,
  gameBansAnswer,
  liftBody,
  moderationRecord,
  ownRecord,
  ownRecordAnswer,
  playerActionBody,
  recordAnswer,
  recordsAnswer,
  recordsQuery,
} from './schemas.js';
import { ModerationService } from './service.js';
import type { ModerationRecord } from './store.js';

export interface ModerationRouteServices {
  moderation: ModerationService;
  audit: AuditTrail;
  /** A player by in-game name: online, seen in game, or with a web account; undefined for a name never seen. */
  findPlayer(name: string): Promise<PlayerRef | undefined>;
  /** Whether the player is an operator (protected from a key that acts with no operator's standing). */
  isOperator(name: string): Promise<boolean>;
  /** Whether the caller acts with an operator's standing: an operator, the service token, or a key an operator made. */
  actsAsOperator(caller: Caller): Promise<boolean>;
  /** This server's game's own bans, made on its console or by other plugins (not Gatehouse's). */
  gameBans(): Promise<GameBan[]>;
  serverId: string;
}

const playerUnknown = 'The player was never seen in game and has no web account (player_not_found)';
const operatorProtected = 'The player is an operator, and the caller an API key that acts with no operator’s standing (operator_protected)';

export function moderationRoutes({ moderation, audit, findPlayer, isOperator, actsAsOperator, gameBans, serverId }: ModerationRouteServices): Route[] {
  const answerOf = (record: ModerationRecord) => recordAnswerOf(record, moderation.inForceNow(record));

  /** The player named, refused when unknown, or when an operator and the caller may not act on operators. */
  const target = async (caller: Caller, name: string): Promise<PlayerRef> => {
    const player = await findPlayer(name);
    if (!player) throw notFound(`Player ${name} not found: never seen in game and without a web account`, 'player_not_found');
    if ((await isOperator(player.name).catch(() => false)) && !(await actsAsOperator(caller)))
      throw forbidden(`${player.name} is an operator: an API key made without an operator's standing cannot act on one`, 'operator_protected');
    return player;
  };

  return [
    route({
      method: 'GET',
      path: '/api/moderation/records',
      access: 'admin',
      scope: 'moderation:read',
      summary: 'Bans, warnings and kicks, newest first, a page at a time: of one player (username), of one kind, bans in force, or bans with an appeal of a status',
      query: recordsQuery,
      answer: recordsAnswer,
      personal: ['records[].address'],
      errors: { 404: playerUnknown },
      errorFields: { player_not_found: 'username' },
      handle: async ({ query }) => {
        const player = query.username === undefined ? undefined : await findPlayer(query.username);
        if (query.username !== undefined && !player) throw notFound(`Player ${query.username} not found`, 'player_not_found');
        const { records, total } = await moderation.list(
          {
            ...(query.kind ? { kind: query.kind } : {}),
            ...(player ? { player } : {}),
            ...(query.inForce ? { kind: 'ban' as const, inForceAt: moderation.now() } : {}),
            ...(query.appeal ? { appeal: query.appeal } : {}),
          },
          query.page,
          query.limit,
        );
        return { success: true as const, records: records.map(answerOf), pagination: pagination(query.page, query.limit, total) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/moderation/bans',
      access: 'admin',
      scope: 'moderation:write',
      summary:
        'Ban a player (username) or an address, with a reason and an optional end (expiresAt); it replaces a ban of the same target still in force, holds on every server of a network, and removes whoever it bans who is online',
      body: banBody,
      answer: recordAnswer,
      status: 201,
      personal: ['record.address'],
      errors: {
        400: 'Neither or both of username and address, an address that is not one, an end already past, a reason too long or with formatting codes',
        403: operatorProtected,
        404: playerUnknown,
      },
      errorFields: { player_not_found: 'username', operator_protected: 'username' },
      handle: async (request) => {
        const { username, address, reason, expiresAt } = request.body;
        if ((username === undefined) === (address === undefined)) throw invalidField('username', 'Give the player to ban (username) or the address (address), one of them');
        const banned = username !== undefined ? { player: await target(request.caller, username) } : { address: ModerationService.address(address!) };
        const record = await moderation.ban(banned, reason, expiresAt ?? null, request.actor().name);
        await audit.record(request.actor(), 'moderation.ban', { id: record.id, ...whom(record), reason, expiresAt: record.expiresAt });
        return reply(
          { success: true as const, message: `${record.player?.name ?? 'The address'} is banned${record.expiresAt ? ` until ${record.expiresAt}` : ''}`, record: answerOf(record) },
          { status: 201, headers: { Location: `/api/moderation/records/${record.id}` } },
        );
      },
    }),
    route({
      method: 'GET',
      path: '/api/moderation/records/:id',
      access: 'admin',
      scope: 'moderation:read',
      summary: 'One ban, warning or kick, with a ban’s lifting and its appeal',
      answer: t.object({ success: t.literal(true), record: moderationRecord }),
      personal: ['record.address'],
      errors: { 400: 'id is not a record id', 404: 'No record has the id' },
      handle: async ({ params }) => ({ success: true as const, record: answerOf(await moderation.get(recordId(params.id))) }),
    }),
    route({
      method: 'POST',
      path: '/api/moderation/bans/:id/lift',
      access: 'admin',
      scope: 'moderation:write',
      summary: 'Lift a ban in force, on every server of a network',
      body: liftBody,
      answer: recordAnswer,
      personal: ['record.address'],
      errors: { 400: 'id is not a record id, or the reason is not plain text', 404: 'No ban has the id', 409: 'The ban is no longer in force (lifted, or ended)' },
      handle: async (request) => {
        const id = recordId(request.params.id);
        const reason = request.body.reason ?? 'Lifted';
        const record = await moderation.lift(id, reason, request.actor().name);
        await audit.record(request.actor(), 'moderation.lift', { id, ...whom(record), reason });
        return { success: true as const, message: `Ban ${id} lifted`, record: answerOf(record) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/moderation/kicks',
      access: 'admin',
      scope: 'moderation:write',
      summary: 'Kick an online player (on whichever server of a network they are), showing them the reason; recorded on their record',
      body: playerActionBody,
      answer: recordAnswer,
      status: 201,
      personal: ['record.address'],
      errors: { 403: operatorProtected, 404: `${playerUnknown}, or the player is not online (player_not_online)`, 501: 'The game cannot kick players' },
      errorFields: { player_not_found: 'username', player_not_online: 'username', operator_protected: 'username' },
      handle: async (request) => {
        const player = await target(request.caller, request.body.username);
        const record = await moderation.kick(player, request.body.reason, request.actor().name);
        await audit.record(request.actor(), 'moderation.kick', { id: record.id, player: player.name, reason: record.reason });
        return reply({ success: true as const, message: `${player.name} was kicked`, record: answerOf(record) }, { status: 201 });
      },
    }),
    route({
      method: 'POST',
      path: '/api/moderation/warnings',
      access: 'admin',
      scope: 'moderation:write',
      summary: 'Warn a player: recorded on their record, and told in game when they are online',
      body: playerActionBody,
      answer: recordAnswer,
      status: 201,
      personal: ['record.address'],
      errors: { 403: operatorProtected, 404: playerUnknown },
      errorFields: { player_not_found: 'username', operator_protected: 'username' },
      handle: async (request) => {
        const player = await target(request.caller, request.body.username);
        const record = await moderation.warn(player, request.body.reason, request.actor().name);
        await audit.record(request.actor(), 'moderation.warn', { id: record.id, player: player.name, reason: record.reason });
        return reply({ success: true as const, message: `${player.name} was warned`, record: answerOf(record) }, { status: 201 });
      },
    }),
    route({
      method: 'POST',
      path: '/api/moderation/bans/:id/appeal/answer',
      access: 'admin',
      scope: 'moderation:write',
      summary: 'Answer a ban’s pending appeal: accept (the ban is lifted) or reject, with words the player reads',
      body: answerBody,
      answer: recordAnswer,
      personal: ['record.address'],
      errors: { 400: 'id is not a record id, or the answer is not plain text', 404: 'No ban has the id', 409: 'The ban has no appeal, or it was answered already' },
      handle: async (request) => {
        const id = recordId(request.params.id);
        const record = await moderation.answer(id, request.body.accept, request.body.answer, request.actor().name);
        await audit.record(request.actor(), 'moderation.appeal-answer', { id, ...whom(record), accepted: request.body.accept });
        return { success: true as const, message: request.body.accept ? `Appeal accepted: ban ${id} lifted` : 'Appeal rejected', record: answerOf(record) };
      },
    }),
    route({
      method: 'GET',
      path: '/api/moderation/game-bans',
      access: 'admin',
      scope: 'moderation:read',
      summary:
        "This server's game's own bans, made on its console or by other plugins: read back, never overwritten by Gatehouse (lift them where they were made, or ban the target through Gatehouse, which replaces one)",
      answer: gameBansAnswer,
      personal: ['bans[].address'],
      errors: { 501: 'The game cannot tell its bans', 503: 'The game server is not available' },
      handle: async () => ({
        success: true as const,
        server: serverId,
        bans: (await gameBans()).map((ban) => ({
          player: ban.player ?? null,
          address: ban.address ?? null,
          reason: ban.reason,
          source: ban.source,
          created: ban.created,
          expires: ban.expires,
        })),
      }),
    }),
    route({
      method: 'GET',
      path: '/api/moderation/me',
      access: 'login',
      summary: "The caller's own player's record: warnings, kicks and bans with their reasons, ends and appeals (a banned player can log in to read it)",
      answer: ownRecordAnswer,
      handle: async (request) => {
        const user = userOf(request.caller);
        const player = { name: user.gameUsername, uuid: user.gameUuid };
        const { records } = await moderation.list({ player }, 1, 500);
        const answered = records.map((record) => ownRecordOf(record, moderation.inForceNow(record)));
        return { success: true as const, player: player.name, banned: answered.some((record) => record.inForce), records: answered };
      },
    }),
    route({
      method: 'POST',
      path: '/api/moderation/me/bans/:id/appeal',
      access: 'login',
      summary: 'Appeal one of your own bans in force, once, with a text an admin answers',
      body: appealBody,
      answer: t.object({ success: t.literal(true), message: t.string(), record: ownRecord }),
      status: 201,
      errors: { 400: 'id is not a record id, or the text is not plain text', 404: 'You have no ban of this id', 409: 'The ban is no longer in force, or it was appealed already' },
      errorFields: { already_appealed: 'text' },
      handle: async (request) => {
        const record = await moderation.appeal(userOf(request.caller), recordId(request.params.id), request.body.text);
        return reply({ success: true as const, message: 'Your appeal was sent', record: ownRecordOf(record, moderation.inForceNow(record)) }, { status: 201 });
      },
    }),
  ];
}

/** Who a record is about, for the audit log: a player by name; an address is personal, and the record (by id) holds it. */
function whom(record: ModerationRecord): Record<string, string> {
  return record.player ? { player: record.player.name } : { target: 'address' };
}

/** A record id from the path: a whole number from 1, as ids are made. */
function recordId(text: string | undefined): number {
  if (!/^[1-9]\d{0,14}$/.test(text ?? '')) throw new ApiError(400, 'id must be a record id (a whole number from 1)', 'invalid_field', {}, { field: 'id' });
  return Number(text);
}
