/**
 * The market's drift towards its target stock, checked every minute (or
 * every drift-minutes, when shorter). The steps due are counted in the store,
 * so a check that finds none due changes nothing; on a network one instance
 * at a time takes them.
 */
import type { Network } from '../../network/port.js';
import type { MarketService } from './market.js';

export class DriftTimer {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly market: MarketService,
    private readonly network: Network,
    private readonly logError: (message: string) => void,
  ) {}

  start(): void {
    this.timer = setTimeout(
      () => {
        void this.network
          .exclusively('market drift', () => this.market.drift())
          .catch((error: Error) => this.logError(`shop: market drift: ${error.message}`))
          // The next look is set once this one ended, unless the timer was stopped meanwhile.
          .finally(() => {
            if (this.timer) this.start();
          });
      },
      Math.min(60_000, this.market.rules.market.driftMinutes * 60_000),
    );
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
