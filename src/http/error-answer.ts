/** The one shape of every error answer: the error middleware writes it, the API description names it `Error`. */
import { t } from '../lib/schema.js';

export const errorAnswer = t.object({
  success: t.literal(false),
  error: t.string({ description: 'A sentence for people; names the offending field where there is one.' }),
  code: t.string({ description: 'A stable identifier for programs, e.g. invalid_field, token_expired.' }),
  field: t.optional(
    t.string({ description: 'With code invalid_field: the field that failed, as a dotted path (`email`, `notifications.discord`), or `query`/`body` for the whole.' }),
  ),
  refused: t.optional(
    t.array(t.object({ item: t.string(), reason: t.string() }), { description: 'POST /api/player/inventory/sell only: each item that cannot be sold, and why.' }),
  ),
  scope: t.optional(t.string({ description: 'With code scope_missing: the scope the API key lacks.' })),
});
