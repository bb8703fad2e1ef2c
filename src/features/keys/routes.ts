/** Making, listing, revoking and rotating API keys (admins, or a key with keys:write). */
import { reply, route, type Route, type RouteRequest } from '../../http/route.js';
import type { AuditTrail } from '../audit/service.js';
import { pagination } from '../common/schemas.js';
import { keyAnswerOf } from './answers.js';
import type { ScopeDescription } from './scopes.js';
import { createKeyBody, keyListAnswer, keyWithSecretAnswer, listKeysQuery, oneKeyAnswer, scopesAnswer } from './schemas.js';
import type { ApiKeyService, KeyIssuer } from './service.js';
import type { ApiKeyRecord } from './store.js';

/**
 * Who gives a key its secret: a key (which makes, rotates and revokes only
 * what it could have made), an operator's login (the key acts with their
 * standing), or the service token.
 */
function issuerOf(request: RouteRequest<unknown, unknown>): KeyIssuer {
  const { caller } = request;
  if (caller.kind === 'key') return { kind: 'key', key: caller.key };
  if (caller.kind === 'user') return { kind: 'operator', player: caller.user.gameUsername };
  return { kind: 'service' };
}

export function keysRoutes(keys: ApiKeyService, audit: AuditTrail, scopes: () => ScopeDescription[]): Route[] {
  const answerOf = async (record: ApiKeyRecord) => keyAnswerOf(record, await keys.standing(record));
  return [
    route({
      method: 'GET',
      path: '/api/admin/keys/scopes',
      access: 'admin',
      scope: 'keys:read',
      summary: 'Every scope a key may hold, with the operations it opens',
      answer: scopesAnswer,
      handle: () => ({ success: true as const, scopes: scopes() }),
    }),
    route({
      method: 'GET',
      path: '/api/admin/keys',
      access: 'admin',
      scope: 'keys:read',
      summary: 'API keys, newest first (never their secrets): prefix, scopes, who made each and when, last use and from where',
      query: listKeysQuery,
      answer: keyListAnswer,
      personal: ['keys[].lastUsedFrom'],
      handle: async ({ query }) => {
        const every = await keys.list();
        const all = every.filter((record) => query.revoked !== false || record.revokedAt === null);
        const page = all.slice((query.page - 1) * query.limit, query.page * query.limit);
        const standings = await keys.standings(page, every);
        return {
          success: true as const,
          keys: page.map((record, index) => keyAnswerOf(record, standings[index]!)),
          pagination: pagination(query.page, query.limit, all.length),
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/keys',
      access: 'admin',
      scope: 'keys:write',
      summary: 'Make an API key; its secret is in this answer only',
      body: createKeyBody,
      answer: keyWithSecretAnswer,
      status: 201,
      errors: {
        400: 'Invalid input, a scope this API does not have, or an expiry in the past',
        403: 'Admin privileges required, or a key granting a scope it lacks, or one asking for a longer life or a looser rate than its own',
      },
      handle: async (request) => {
        const { record, secret } = await keys.create(request.body, request.actor(), issuerOf(request));
        await audit.record(request.actor(), 'keys.create', { key: record.id, name: record.name, scopes: record.scopes });
        return reply(
          { success: true as const, key: await answerOf(record), secret },
          { status: 201, headers: { Location: `/api/admin/keys/${record.id}`, 'Cache-Control': 'no-store' } },
        );
      },
    }),
    route({
      method: 'GET',
      path: '/api/admin/keys/:id',
      access: 'admin',
      scope: 'keys:read',
      summary: 'One API key (never its secret)',
      answer: oneKeyAnswer,
      personal: ['key.lastUsedFrom'],
      errors: { 404: 'No such key' },
      handle: async ({ params }) => ({ success: true as const, key: await answerOf(await keys.find(params.id!)) }),
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/keys/:id',
      access: 'admin',
      scope: 'keys:write',
      summary: 'Revoke an API key: from the next request on, on every server of a network, it gets 401',
      answer: oneKeyAnswer,
      personal: ['key.lastUsedFrom'],
      errors: {
        403: 'Admin privileges required, or a key revoking one it could not have made (scopes it lacks: scope_missing; a longer life or a looser rate: key_limit_exceeded)',
        404: 'No such key',
      },
      handle: async (request) => {
        const { record, changed } = await keys.revoke(request.params.id!, issuerOf(request));
        if (changed) await audit.record(request.actor(), 'keys.revoke', { key: record.id, name: record.name });
        return { success: true as const, key: await answerOf(record) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/keys/:id/rotate',
      access: 'admin',
      scope: 'keys:write',
      summary:
        'Give an API key a new secret (shown in this answer only), keeping its name, scopes, expiry and rate; the old secret stops working at once. Rotated by another key, it lives only while that key does',
      answer: keyWithSecretAnswer,
      personal: ['key.lastUsedFrom'],
      errors: {
        403: 'Admin privileges required, or a key rotating one it could not have made (scopes it lacks: scope_missing; a longer life or a looser rate: key_limit_exceeded)',
        404: 'No such key',
        409: 'The key is revoked or expired',
      },
      handle: async (request) => {
        const { record, secret } = await keys.rotate(request.params.id!, issuerOf(request));
        const key = await answerOf(record);
        await audit.record(request.actor(), 'keys.rotate', { key: record.id, name: record.name, status: key.status });
        return reply({ success: true as const, key, secret }, { headers: { 'Cache-Control': 'no-store' } });
      },
    }),
  ];
}
