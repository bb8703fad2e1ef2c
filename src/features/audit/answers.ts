/** An audit entry as the API shows it: the acting key named by id and name. */
import type { Static } from '../../lib/schema.js';
import type { AuditEntry } from './store.js';
import type { auditEntry } from './schemas.js';

const keyActor = /^key:(.*)$/s;

export function auditEntryAnswer(entry: AuditEntry): Static<typeof auditEntry> {
  const { actorKeyId, ...shown } = entry;
  // Web usernames hold no colon, so `key:` names a key, in entries from before ids were kept too.
  const keyName = keyActor.exec(entry.actor)?.[1];
  return { ...shown, actorKey: keyName === undefined ? null : { id: actorKeyId ?? null, name: keyName } };
}
