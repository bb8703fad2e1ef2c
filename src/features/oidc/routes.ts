/** Clients of the OpenID Connect provider (admins, or a key with oidc:read/write), and the portal's sign-in and consent. */
import { reply, route, type Route } from '../../http/route.js';
import type { AuditTrail } from '../audit/service.js';
import type { OidcClients } from './clients.js';
import { clientListAnswer, clientWithSecretAnswer, createClientBody, decisionAnswer, decisionBody, oneClientAnswer, pendingSignInAnswer } from './schemas.js';
import type { OidcService } from './service.js';

export function oidcRoutes(oidc: OidcService, clients: OidcClients, audit: AuditTrail, issuer: () => string): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/oidc/clients',
      access: 'admin',
      scope: 'oidc:read',
      summary: 'The sites that may sign players in with this server (OpenID Connect clients), never their secrets, and the issuer',
      answer: clientListAnswer,
      handle: async () => ({ success: true as const, clients: await clients.list(), issuer: issuer() }),
    }),
    route({
      method: 'POST',
      path: '/api/admin/oidc/clients',
      access: 'admin',
      scope: 'oidc:write',
      summary: 'Register a client; a confidential client’s secret is in this answer only',
      body: createClientBody,
      answer: clientWithSecretAnswer,
      status: 201,
      errors: { 400: 'Invalid input: a redirect URI not https (nor http on localhost), with a fragment, or not a URL; a scope not known' },
      handle: async (request) => {
        const { client, secret } = await clients.create(request.body, request.actor().name);
        await audit.record(request.actor(), 'oidc.client.create', {
          client: client.id,
          name: client.name,
          type: client.type,
          redirectUris: client.redirectUris,
          scopes: client.scopes,
        });
        return reply({ success: true as const, client, secret }, { status: 201, headers: { Location: `/api/admin/oidc/clients/${client.id}`, 'Cache-Control': 'no-store' } });
      },
    }),
    route({
      method: 'GET',
      path: '/api/admin/oidc/clients/:id',
      access: 'admin',
      scope: 'oidc:read',
      summary: 'One client',
      answer: oneClientAnswer,
      errors: { 404: 'No such client' },
      handle: async ({ params }) => ({ success: true as const, client: await clients.get(params.id!) }),
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/oidc/clients/:id',
      access: 'admin',
      scope: 'oidc:write',
      summary: 'Remove a client: from its next request on, the provider refuses it and the tokens it holds',
      answer: oneClientAnswer,
      errors: { 404: 'No such client' },
      handle: async (request) => {
        const client = await clients.remove(request.params.id!);
        await audit.record(request.actor(), 'oidc.client.remove', { client: client.id, name: client.name });
        return { success: true as const, client };
      },
    }),
    route({
      method: 'GET',
      path: '/api/oidc/sign-in/:uid',
      access: 'login',
      summary: 'A sign-in waiting for the logged-in player: the site asking and the scopes it asks for (the portal’s consent page)',
      answer: pendingSignInAnswer,
      errors: { 404: 'The sign-in is over or unknown, or its site is no longer registered' },
      handle: async ({ params }) => ({ success: true as const, ...(await oidc.pending(params.uid!)) }),
    }),
    route({
      method: 'POST',
      path: '/api/oidc/sign-in/:uid',
      access: 'login',
      summary: 'The player’s answer to a sign-in: allowed, the site gets their identity with the scopes asked; refused, access_denied',
      body: decisionBody,
      answer: decisionAnswer,
      errors: { 404: 'The sign-in is over or unknown, or its site is no longer registered' },
      handle: async (request) => ({ success: true as const, returnTo: await oidc.decide(request.params.uid!, request.user(), request.body.allow) }),
    }),
  ];
}
