import { partImplementations } from '../../store/part-implementations.js';
import { chatColours } from '../chat/colours.js';
import { defineFeature } from '../feature.js';
import { registerEconomyCommands } from './commands.js';
import { formatMoney } from '../common/money.js';
import { economyRoutes } from './routes.js';
import { EconomyService } from './service.js';
import { ledgerPart } from './store.js';
import { jsonLedgerPart } from './store-json.js';
import { postgresLedgerPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    economy: EconomyService;
  }
}

/**
 * The economy group: the currency, balances, the ledger's history,
 * transfers between players, and admins' adjustments and reversals; /balance
 * and /pay in game. Money-moving POSTs take an Idempotency-Key.
 */
export const economyFeature = defineFeature({
  name: 'economy',
  storeParts: [partImplementations({ part: ledgerPart, json: jsonLedgerPart, postgres: postgresLedgerPart })],
  create: ({ config, store, game, services, texts, now, log, caches }) => {
    const settings = services.get('settings');
    const access = services.get('access');
    const audit = services.get('audit');
    const chat = services.get('chatEvents');
    const options = {
      provider: config.economy.provider,
      largeAdjustmentCents: config.economy.largeAdjustmentAlertCents,
      vault: { logError: (message: string) => log.error(message) },
    };
    const economy = new EconomyService(store, ledgerPart, game, () => settings.read(), options, now);
    services.provide('economy', economy);
    caches.register(economy.playerNames);
    const retention = services.get('retention');
    retention.keepDays('economy transactions', config.retention.transactionDays, (cutoff) => economy.deleteRecordsBefore(cutoff));
    retention.keepDays('idempotency keys', 1, (cutoff) => economy.deleteAnswersBefore(cutoff));
    game.events.on('join', ({ player }) => economy.playerJoined(player).catch((error: Error) => log.error(`economy: opening the account of ${player.name}: ${error.message}`)));
    const symbol = () => settings.read().economy.currencySymbol;
    economy.events.on('largeAdjustment', (record, actor) =>
      chat.post({
        title: 'Large admin adjustment',
        description: `${actor.name} ${record.amount >= 0 ? 'gave' : 'took'} ${formatMoney(Math.abs(record.amount), symbol())} ${record.amount >= 0 ? 'to' : 'from'} ${record.player.name}: ${record.description}`,
        color: chatColours.restart,
        fields: [{ name: 'Balance after', value: formatMoney(record.balance, symbol()), inline: true }],
      }),
    );
    registerEconomyCommands(game, economy, texts, symbol);

    return {
      stop: () => economy.stop(),
      routes: economyRoutes({ economy, access, audit, moderation: services.get('moderation'), symbol, currencyName: config.economy.currencyName }),
    };
  },
});
