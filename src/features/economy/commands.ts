import { GameError, InsufficientFundsError } from '../../game/errors.js';
import type { GamePort } from '../../game/port.js';
import { ApiError } from '../../errors.js';
import type { GameTexts } from '../../texts/catalogue.js';
import { formatMoney, toCents } from '../common/money.js';
import type { EconomyService } from './service.js';

/**
 * /balance and /pay <player> <amount> in game, on whichever provider serves
 * (the embedded server's commands, or the plugin's, which pass them here).
 */
export function registerEconomyCommands(game: GamePort, economy: EconomyService, texts: GameTexts, symbol: () => string): void {
  const money = (cents: number) => formatMoney(cents, symbol());
  game.addPlayerCommand({
    name: 'balance',
    usage: '/balance',
    description: 'Show your balance',
    run: async (player) => {
      if (!economy.provider()) return texts.render('economy.unavailable');
      return texts.render('economy.balance', { balance: money(await economy.balance(player)) });
    },
  });
  game.addPlayerCommand({
    name: 'pay',
    usage: '/pay <player> <amount>',
    description: 'Give money to another player',
    run: async (player, args) => {
      if (!economy.provider()) return texts.render('economy.unavailable');
      const [name, amountText] = args;
      if (args.length !== 2 || !/^[A-Za-z0-9_]{1,16}$/.test(name!) || !/^\d{1,10}(\.\d{1,2})?$/.test(amountText!) || Number(amountText) <= 0) {
        return texts.render('economy.pay-usage');
      }
      const recipient = await economy.findPlayer(name!);
      if (!recipient) return texts.render('economy.unknown-player', { player: name! });
      if (recipient.uuid === player.uuid) return texts.render('economy.pay-yourself');
      const cents = toCents(Number(amountText));
      try {
        const { records } = await economy.transfer(player, recipient, cents, undefined);
        await game
          .capability('messaging')
          ?.sendMessage(recipient.name, texts.render('economy.received', { player: player.name, amount: money(cents) }))
          .catch(() => undefined);
        return texts.render('economy.paid', { player: recipient.name, amount: money(cents), balance: money(records[0]!.balance) });
      } catch (error) {
        if (error instanceof InsufficientFundsError) return texts.render('economy.insufficient-funds', { amount: money(cents), balance: money(error.balanceCents ?? 0) });
        // The service words the refusal for the API; the game says it in its own text, with the balance as it is now.
        if (error instanceof ApiError && error.code === 'insufficient_funds') {
          return texts.render('economy.insufficient-funds', { amount: money(cents), balance: money(await economy.balance(player).catch(() => 0)) });
        }
        if (error instanceof ApiError || error instanceof GameError) return texts.render('economy.unavailable');
        throw error;
      }
    },
  });
}
