import Router from '@koa/router';

export interface CurrencySettings {
  currencySymbol: string;
  currencyName: string;
}

/** GET /api/economy/symbol (public). The other economy endpoints join this file with the economy issue. */
export function economyRoutes(currency: () => CurrencySettings): Router {
  const router = new Router({ prefix: '/api/economy' });
  router.get('/symbol', (ctx) => {
    const { currencySymbol, currencyName } = currency();
    ctx.body = { success: true, symbol: currencySymbol, name: currencyName };
  });
  return router;
}
