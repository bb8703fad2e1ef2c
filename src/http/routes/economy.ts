import type Router from '@koa/router';

export interface CurrencySettings {
  currencySymbol: string;
  currencyName: string;
}

/** GET /api/economy/symbol (public). The other economy endpoints join this file with the economy issue. */
export function addEconomyRoutes(router: Router, currency: () => CurrencySettings): void {
  router.get('/api/economy/symbol', (ctx) => {
    const { currencySymbol, currencyName } = currency();
    ctx.body = { success: true, symbol: currencySymbol, name: currencyName };
  });
}
