/** The economy group's routes: the currency, balances, history, transfers, and admins' adjustments and reversals. */
import { invalidField } from '../../errors.js';
import type { PlayerRef } from '../../game/port.js';
import { reply, route, type Route, type RouteRequest } from '../../http/route.js';
import { pagination } from '../common/schemas.js';
import { requestSubject } from '../common/subject.js';
import type { Services } from '../services.js';
import { moneyAnswer, transactionAnswer } from './answers.js';
import { idempotencyOf, replayHeaders } from '../../http/idempotency.js';
import { formatMoney, fromCents, toCents } from '../common/money.js';
import { adjustBody, balanceAnswer, balanceQuery, historyAnswer, historyQuery, movedAnswer, reverseBody, reversedAnswer, symbolAnswer, transferBody } from './schemas.js';
import type { EconomyService, Moved } from './service.js';

const unavailable = { 503: 'Economy system not available (economy.provider none, or Vault not offered by the server)' };

export interface EconomyRouteServices {
  economy: EconomyService;
  access: Services['access'];
  audit: Services['audit'];
  /** Refuses a banned player's transfer (decisions: the portal stays open to them, money does not move). */
  moderation: Pick<Services['moderation'], 'refuseWhileBanned'>;
  /** The currency symbol now (a setting). */
  symbol: () => string;
  currencyName: string;
}

export function economyRoutes({ economy, access, audit, moderation, symbol, currencyName }: EconomyRouteServices): Route[] {
  /** The player a request is about: the caller's own, or (admins only) the one named. */
  const subject = (request: RouteRequest<unknown, { username?: string }>): Promise<PlayerRef> =>
    requestSubject(request, access, (asked) => economy.requirePlayer(asked), "Only admins may see another player's money");
  /** A transfer's or an adjustment's answer: its first record (the caller's side) and the balance after it; a replay says so in a header. */
  const movedReply = (message: string, done: Moved) =>
    reply(
      { success: true as const, message, transaction: transactionAnswer(done.records[0]!), ...moneyAnswer(done.records[0]!.balance, symbol()) },
      { headers: replayHeaders(done) },
    );

  return [
    route({
      method: 'GET',
      path: '/api/economy/symbol',
      access: 'public',
      summary: 'The currency symbol and name',
      answer: symbolAnswer,
      handle: () => ({ success: true as const, symbol: symbol(), name: currencyName }),
    }),
    route({
      method: 'GET',
      path: '/api/economy/balance',
      access: 'login',
      scope: 'economy:read',
      summary: "A player's balance: the caller's own, or (admins) anyone's",
      query: balanceQuery,
      answer: balanceAnswer,
      errors: { 403: "A non-admin asking for another player's balance", 404: 'No such player', ...unavailable },
      errorFields: { player_not_found: 'username' },
      handle: async (request) => {
        economy.requireProvider();
        const player = await subject(request);
        return { success: true as const, username: player.name, ...moneyAnswer(await economy.balance(player), symbol()) };
      },
    }),
    route({
      method: 'GET',
      path: '/api/economy/history',
      access: 'login',
      scope: 'economy:read',
      summary: "A player's transactions, newest first: the caller's own, or (admins) anyone's",
      query: historyQuery,
      answer: historyAnswer,
      errors: { 403: "A non-admin asking for another player's history", 404: 'No such player', ...unavailable },
      errorFields: { player_not_found: 'username' },
      handle: async (request) => {
        economy.requireProvider();
        const player = await subject(request);
        const { page, limit } = request.query;
        const { records, total } = await economy.history(player, page, limit);
        return { success: true as const, username: player.name, transactions: records.map(transactionAnswer), pagination: pagination(page, limit, total) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/economy/transfer',
      access: 'login',
      summary: 'Send money to another player (header Idempotency-Key: a retry moves nothing)',
      body: transferBody,
      answer: movedAnswer,
      errors: {
        400: 'Insufficient funds, an amount not above 0 or with more than two decimals, or yourself',
        403: 'The service account has no money; the caller is banned (banned: no money moves while a ban is in force)',
        404: 'No such recipient',
        409: 'The Idempotency-Key was used with another request',
        ...unavailable,
      },
      errorFields: { insufficient_funds: 'amount', amount_limit: 'amount', balance_limit: 'amount', player_not_found: 'to' },
      handle: async (request) => {
        economy.requireProvider();
        const user = request.user();
        const from = { name: user.gameUsername, uuid: user.gameUuid };
        await moderation.refuseWhileBanned(from);
        const { to, done } = await economy.transferToNamed(from, request.body.to, toCents(request.body.amount), request.body.note, idempotencyOf(request, '/api/economy/transfer'));
        const [sent] = done.records;
        return movedReply(`Sent ${formatMoney(-sent!.amount, symbol())} to ${sent!.counterparty?.name ?? to.name}`, done);
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/economy/adjust',
      access: 'admin',
      scope: 'economy:admin',
      summary: "Add to or take from a player's balance, with a reason (an ADMIN transaction; Idempotency-Key)",
      body: adjustBody,
      answer: movedAnswer,
      errors: {
        400: 'Insufficient funds for a negative amount, an amount of 0 or with more than two decimals',
        404: 'No such player',
        409: 'The Idempotency-Key was used with another request',
        ...unavailable,
      },
      errorFields: { insufficient_funds: 'amount', amount_limit: 'amount', balance_limit: 'amount', player_not_found: 'username' },
      handle: async (request) => {
        economy.requireProvider();
        const cents = toCents(request.body.amount);
        if (cents === 0) throw invalidField('amount', 'amount must not be 0');
        const player = await economy.requirePlayer(request.body.username);
        const actor = request.actor();
        const done = await economy.adjust(actor, player, cents, request.body.reason, idempotencyOf(request, '/api/admin/economy/adjust'));
        const [record] = done.records;
        if (!done.replayed) await audit.record(actor, 'economy.adjust', { player: player.name, amount: fromCents(cents), reason: request.body.reason, transaction: record!.id });
        return movedReply(`Adjusted ${player.name}'s balance by ${formatMoney(cents, symbol())}`, done);
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/economy/transactions/:id/reverse',
      access: 'admin',
      scope: 'economy:admin',
      summary: 'Undo a transaction once (both sides of a transfer): ADMIN transactions of the opposite amounts (Idempotency-Key)',
      body: reverseBody,
      answer: reversedAnswer,
      errors: {
        400: 'A reversal cannot be reversed, or a balance would go below zero',
        404: 'No such transaction',
        409: 'Already reversed, or the Idempotency-Key was used with another request',
        ...unavailable,
      },
      // The transaction is the path's id; a shortfall is the players' balances, no field of the request.
      errorFields: { transaction_not_found: 'id', not_reversible: 'id', already_reversed: 'id' },
      handle: async (request) => {
        economy.requireProvider();
        const id = Number(request.params.id);
        if (!/^\d{1,15}$/.test(request.params.id ?? '') || !Number.isSafeInteger(id)) throw invalidField('id', 'id must be a transaction id');
        const actor = request.actor();
        const done = await economy.reverse(actor, id, request.body.reason, idempotencyOf(request, `/api/admin/economy/transactions/${id}/reverse`));
        if (!done.replayed)
          await audit.record(actor, 'economy.reverse', { transaction: id, reversals: done.records.map((record) => record.id), reason: request.body.reason ?? '' });
        return reply({ success: true as const, message: `Reversed transaction ${id}`, transactions: done.records.map(transactionAnswer) }, { headers: replayHeaders(done) });
      },
    }),
  ];
}
