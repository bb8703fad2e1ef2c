/** The one shape of every error answer: the error middleware writes it, the API description names it `Error`. */
import { t } from '../lib/schema.js';

export const errorAnswer = t.object({
  success: t.literal(false),
  error: t.string({ description: 'A sentence for people; names the offending field where there is one.' }),
  code: t.string({ description: 'A stable identifier for programs, e.g. invalid_field, token_expired.' }),
  field: t.optional(
    t.string({
      description:
        "The request field the error is about, as a dotted path (`email`, `notifications.discord`), so a form shows the error there: with every invalid_field (`query`/`body` for the whole), and with a refusal over one field of the request whatever its code (a transfer's insufficient_funds: `amount`; its player_not_found: `to`). Absent when the error is about no one field.",
    }),
  ),
  refused: t.optional(
    t.array(t.object({ item: t.string(), reason: t.string() }), { description: 'POST /api/player/inventory/sell only: each item that cannot be sold, and why.' }),
  ),
  scope: t.optional(t.string({ description: 'With code scope_missing: the scope the API key lacks.' })),
});
