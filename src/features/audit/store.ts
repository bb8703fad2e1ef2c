/**
 * What the audit keeps in the store: who changed what, when, from where, an
 * append-only log. A store part: its implementations are store-json.ts and
 * store-postgres.ts, the store's own log pieces over the files and table
 * this log has always had.
 */
import { type AppendLog, storePart } from '../../store/port.js';

/** Who changed what, when, from where. */
export interface AuditEntry {
  id: number;
  timestamp: string;
  /** Web username, `service` for the token service account, or `key:<name>` for an API key. */
  actor: string;
  /** The acting API key's id (entries written before it was kept have none). */
  actorKeyId?: string;
  ipAddress: string;
  action: string;
  details: Record<string, unknown>;
}

export type AuditLog = AppendLog<AuditEntry>;

/** The audit log's store part (never rename it: the name is kept in data). */
export const auditLogPart = storePart<AuditLog>('auditLog');
