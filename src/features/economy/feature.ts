import { badRequest } from '../../errors.js';
import type { PlayerRef } from '../../game/port.js';
import { reply, route, type RouteRequest } from '../../http/route.js';
import { partImplementations } from '../../store/part-implementations.js';
import { chatColours } from '../chat/feature.js';
import { pagination } from '../common/schemas.js';
import { requestSubject } from '../common/subject.js';
import { defineFeature } from '../feature.js';
import { jsonLedgerPart } from './store-json.js';
import { postgresLedgerPart } from './store-postgres.js';
import { ledgerPart, type LedgerRecord } from './store.js';
import { formatMoney, fromCents, toCents } from './money.js';
import {
  adjustBody,
  balanceAnswer,
  balanceQuery,
  historyAnswer,
  historyQuery,
  movedAnswer,
  reverseBody,
  reversedAnswer,
  symbolAnswer,
  transferBody,
} from './schemas.js';
import { idempotencyOf, replayHeaders } from './idempotency-key.js';
import { EconomyService } from './service.js';
import { registerEconomyCommands } from './commands.js';

declare module '../services.js' {
  interface Services {
    economy: EconomyService;
  }
}

const unavailable = { 503: 'Economy system not available (economy.provider none, or Vault not offered by the server)' };

/**
 * The economy group: the currency, balances, the ledger's history,
 * transfers between players, and admins' adjustments and reversals; /balance
 * and /pay in game. Money-moving POSTs take an Idempotency-Key.
 */
export const economyFeature = defineFeature({
  name: 'economy',
  storeParts: [partImplementations({ part: ledgerPart, json: jsonLedgerPart, postgres: postgresLedgerPart })],
  create: ({ config, store, game, services, texts, now, log }) => {
    const settings = services.get('settings');
    const access = services.get('access');
    const audit = services.get('audit');
    const chat = services.get('chatEvents');
    const options = { provider: config.economy.provider, largeAdjustmentCents: config.economy.largeAdjustmentAlertCents, vault: { logError: (message: string) => log.error(message) } };
    const economy = new EconomyService(store, ledgerPart, game, () => settings.get(), options, now);
    services.provide('economy', economy);
    const retention = services.get('retention');
    retention.keepDays('economy transactions', config.retention.transactionDays, (cutoff) => economy.deleteRecordsBefore(cutoff));
    retention.keepDays('idempotency keys', 1, (cutoff) => economy.deleteAnswersBefore(cutoff));
    game.events.on('join', ({ player }) => economy.playerJoined(player).catch((error: Error) => log.error(`economy: opening the account of ${player.name}: ${error.message}`)));
    economy.events.on('largeAdjustment', (record, actor) =>
      chat.post({
        title: 'Large admin adjustment',
        description: `${actor.name} ${record.amount >= 0 ? 'gave' : 'took'} ${symbolFormat(Math.abs(record.amount))} ${record.amount >= 0 ? 'to' : 'from'} ${record.player.name}: ${record.description}`,
        color: chatColours.restart,
        fields: [{ name: 'Balance after', value: symbolFormat(record.balance), inline: true }],
      }),
    );
    registerEconomyCommands(game, economy, texts, () => settings.get().economy.currencySymbol);

    const symbol = () => settings.get().economy.currencySymbol;
    function symbolFormat(cents: number): string {
      return formatMoney(cents, symbol());
    }
    const present = (record: LedgerRecord) => ({
      id: record.id,
      type: record.type,
      amount: fromCents(record.amount),
      balance: fromCents(record.balance),
      description: record.description,
      timestamp: record.timestamp,
      ...(record.counterparty ? { counterparty: record.counterparty.name } : {}),
      ...(record.item !== undefined ? { item: record.item, quantity: record.quantity } : {}),
      ...(record.reverses !== undefined ? { reverses: record.reverses } : {}),
      ...(record.actor !== undefined ? { actor: record.actor } : {}),
    });
    const money = (cents: number) => ({ balance: fromCents(cents), symbol: symbol(), formatted: symbolFormat(cents) });
    /** The player a request is about: the caller's own, or (admins only) the one named. */
    const subject = (request: RouteRequest<unknown, { username?: string }>): Promise<PlayerRef> =>
      requestSubject(request, access, (asked) => economy.requirePlayer(asked), "Only admins may see another player's money");

    return {
      stop: () => economy.stop(),
      routes: [
        route({
          method: 'GET',
          path: '/api/economy/symbol',
          access: 'public',
          summary: 'The currency symbol and name',
          answer: symbolAnswer,
          handle: () => ({ success: true as const, symbol: symbol(), name: config.economy.currencyName }),
        }),
        route({
          method: 'GET',
          path: '/api/economy/balance',
          access: 'login',
          summary: "A player's balance: the caller's own, or (admins) anyone's",
          query: balanceQuery,
          answer: balanceAnswer,
          errors: { 403: "A non-admin asking for another player's balance", 404: 'No such player', ...unavailable },
          handle: async (request) => {
            economy.requireProvider();
            const player = await subject(request);
            return { success: true as const, username: player.name, ...money(await economy.balance(player)) };
          },
        }),
        route({
          method: 'GET',
          path: '/api/economy/history',
          access: 'login',
          summary: "A player's transactions, newest first: the caller's own, or (admins) anyone's",
          query: historyQuery,
          answer: historyAnswer,
          errors: { 403: "A non-admin asking for another player's history", 404: 'No such player', ...unavailable },
          handle: async (request) => {
            economy.requireProvider();
            const player = await subject(request);
            const { page, limit } = request.query;
            const { records, total } = await economy.history(player, page, limit);
            return { success: true as const, username: player.name, transactions: records.map(present), pagination: pagination(page, limit, total) };
          },
        }),
        route({
          method: 'POST',
          path: '/api/economy/transfer',
          access: 'login',
          summary: 'Send money to another player (header Idempotency-Key: a retry moves nothing)',
          body: transferBody,
          answer: movedAnswer,
          errors: { 400: 'Insufficient funds, an amount not above 0 or with more than two decimals, or yourself', 403: 'The service account has no money', 404: 'No such recipient', 409: 'The Idempotency-Key was used with another request', ...unavailable },
          handle: async (request) => {
            economy.requireProvider();
            const user = request.user();
            const from = { name: user.gameUsername, uuid: user.gameUuid };
            const to = await economy.requirePlayer(request.body.to);
            const done = await economy.transfer(from, to, toCents(request.body.amount), request.body.note, idempotencyOf(request, '/api/economy/transfer'));
            const [sent] = done.result;
            return reply(
              { success: true as const, message: `Sent ${symbolFormat(-sent!.amount)} to ${to.name}`, transaction: present(sent!), ...money(sent!.balance) },
              { headers: replayHeaders(done) },
            );
          },
        }),
        route({
          method: 'POST',
          path: '/api/admin/economy/adjust',
          access: 'admin',
          summary: "Add to or take from a player's balance, with a reason (an ADMIN transaction; Idempotency-Key)",
          body: adjustBody,
          answer: movedAnswer,
          errors: { 400: 'Insufficient funds for a negative amount, an amount of 0 or with more than two decimals', 404: 'No such player', 409: 'The Idempotency-Key was used with another request', ...unavailable },
          handle: async (request) => {
            economy.requireProvider();
            const cents = toCents(request.body.amount);
            if (cents === 0) throw badRequest('amount must not be 0', 'invalid_field');
            const player = await economy.requirePlayer(request.body.username);
            const actor = request.actor();
            const done = await economy.adjust(actor, player, cents, request.body.reason, idempotencyOf(request, '/api/admin/economy/adjust'));
            const [record] = done.result;
            if (!done.replayed) await audit.record(actor, 'economy.adjust', { player: player.name, amount: fromCents(cents), reason: request.body.reason, transaction: record!.id });
            return reply(
              { success: true as const, message: `Adjusted ${player.name}'s balance by ${symbolFormat(cents)}`, transaction: present(record!), ...money(record!.balance) },
              { headers: replayHeaders(done) },
            );
          },
        }),
        route({
          method: 'POST',
          path: '/api/admin/economy/transactions/:id/reverse',
          access: 'admin',
          summary: 'Undo a transaction once (both sides of a transfer): ADMIN transactions of the opposite amounts (Idempotency-Key)',
          body: reverseBody,
          answer: reversedAnswer,
          errors: { 400: 'A reversal cannot be reversed, or a balance would go below zero', 404: 'No such transaction', 409: 'Already reversed, or the Idempotency-Key was used with another request', ...unavailable },
          handle: async (request) => {
            economy.requireProvider();
            const id = Number(request.params.id);
            if (!/^\d{1,15}$/.test(request.params.id ?? '') || !Number.isSafeInteger(id)) throw badRequest('id must be a transaction id', 'invalid_field');
            const actor = request.actor();
            const done = await economy.reverse(actor, id, request.body.reason, idempotencyOf(request, `/api/admin/economy/transactions/${id}/reverse`));
            if (!done.replayed) await audit.record(actor, 'economy.reverse', { transaction: id, reversals: done.result.map((record) => record.id), reason: request.body.reason ?? '' });
            return reply(
              { success: true as const, message: `Reversed transaction ${id}`, transactions: done.result.map(present) },
              { headers: replayHeaders(done) },
            );
          },
        }),
      ],
    };
  },
});

