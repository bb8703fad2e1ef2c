import { TokenBuckets } from '../../lib/token-bucket.js';
import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import { keysRoutes } from './routes.js';
import { scopesOf } from './scopes.js';
import { ApiKeyService, type OperatorStatus } from './service.js';
import { apiKeysPart } from './store.js';
import { jsonApiKeysPart } from './store-json.js';
import { postgresApiKeysPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    apiKeys: ApiKeyService;
  }
}

/**
 * API keys for dashboards and bots: scoped, revocable, rate-limited, made by
 * admins. Hands the access control its key check, so every protected route
 * accepts a key within the key's scopes.
 */
export const keysFeature = defineFeature({
  name: 'keys',
  storeParts: [partImplementations({ part: apiKeysPart, json: jsonApiKeysPart, postgres: postgresApiKeysPart })],
  create: ({ store, game, services, routes, now, log }) => {
    const scopes = () => scopesOf(routes());
    const accounts = services.get('accounts');
    // Asked the way an operator's own admin requests ask it (the adapters answer from what they hold), and only for keys an operator gave.
    const operators: OperatorStatus = {
      isOperator: async (player) => (game.isConnected() ? accounts.isOperatorNow(player) : undefined),
      operators: async () => (game.isConnected() ? new Set((await game.operators.list()).map((player) => player.name.toLowerCase())) : undefined),
    };
    const knownScopes = () => new Set(scopes().map((scope) => scope.scope));
    const keys = new ApiKeyService(store.part(apiKeysPart), new TokenBuckets(), knownScopes, operators, store.users, now, log.error);
    services.provide('apiKeys', keys);
    services.get('access').acceptKeys({ isKey: ApiKeyService.looksLikeKey, authenticate: (secret, address) => keys.authenticate(secret, address) });
    return { routes: keysRoutes(keys, services.get('audit'), scopes) };
  },
});
