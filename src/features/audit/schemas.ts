/** An entry of the audit log as the API shows it. */
import { t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';

export const auditEntry = t.object(
  {
    id: t.integer(),
    timestamp,
    actor: t.string({ description: 'Web username, or `service` for the token account.' }),
    ipAddress: t.optional(t.string({ description: 'Where the change came from. Left out for an API key without personal:read.' })),
    action: t.string({ example: 'settings.update' }),
    details: t.record(t.unknown(), { description: 'What changed; the coordinates of a teleport (x, y, z) are left out for an API key without personal:read.' }),
  },
  { additionalProperties: true },
);
