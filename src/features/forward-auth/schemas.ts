/** Requests and answers of forward authentication. */
import { t } from '../../lib/schema.js';

export const checkQuery = t.object({
  mode: t.enum(['status', 'redirect'], {
    default: 'status',
    description:
      "How a person who must log in first is answered: status, 401 with the login's address in X-Gatehouse-Login (nginx's auth_request, which passes on only 2xx, 401 and 403); redirect, 302 to it (Traefik and Caddy, which send a refusal to the browser as it is).",
  }),
});

export const checkAnswer = t.object({
  success: t.literal(true),
  user: t.nullable(t.string({ description: 'The web account, also in X-Gatehouse-User; null on a page for anyone seen by someone not signed in.' })),
  player: t.nullable(t.string({ description: "The account's player name, also in X-Gatehouse-Player." })),
  uuid: t.nullable(t.string({ description: "The player's UUID, also in X-Gatehouse-Player-UUID." })),
});

export const ticketBody = t.object({
  returnTo: t.string({ maxLength: 4000, description: 'The page of a proxied site to come back to (the `rd` of the portal page the login sent the person to).' }),
});

export const ticketAnswer = t.object({
  success: t.literal(true),
  redirect: t.string({ description: "The site's callback path with a ticket, good once within a minute: open it in the browser." }),
});

export const callbackQuery = t.object({
  ticket: t.string({ maxLength: 200 }),
  rd: t.string({ maxLength: 4000, description: 'The page to go back to, on the same site.' }),
});

export const callbackAnswer = t.object({ success: t.literal(true), message: t.string() });
