/** The leaderboard's presenter: a ranked standing as answered. */
import { fromCents } from '../common/money.js';
import type { RankedStanding } from './board.js';
import type { boardTypes } from './schemas.js';

/** Balances are kept in cents and answered in the currency's units; experience and seconds as they are. */
export function standingAnswer(standing: RankedStanding, type: (typeof boardTypes)[number]) {
  return {
    rank: standing.rank,
    player: standing.player,
    value: type === 'balance' ? fromCents(standing.value) : standing.value,
    ...(standing.level !== undefined ? { level: standing.level } : {}),
  };
}
