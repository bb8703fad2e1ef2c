/** An entry of the audit log as the API shows it. */
import { t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';

export const auditEntry = t.object(
  {
    id: t.integer(),
    timestamp,
    actor: t.string({ description: 'Web username, `service` for the token account, or `key:<name>` for an API key.' }),
    actorKey: t.nullable(
      t.object(
        {
          id: t.nullable(t.string({ description: 'Null in entries written before the id was recorded.', example: 'key_3f2a9c0d1e4b5a67' })),
          name: t.string(),
        },
        { description: 'The API key that acted (names need not be unique: the id tells keys apart); null when a person or the service token acted.' },
      ),
    ),
    ipAddress: t.optional(t.string({ description: 'Where the change came from. Left out for an API key without personal:read.' })),
    action: t.string({ example: 'settings.update' }),
    details: t.record(t.unknown(), { description: 'What changed; the coordinates of a teleport (x, y, z) are left out for an API key without personal:read.' }),
  },
  { additionalProperties: true },
);
