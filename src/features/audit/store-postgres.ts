import { appendLogPart, appendLogTable } from '../../store/postgres/append-log.js';
import type { AuditEntry } from './store.js';

/** The audit log on PostgreSQL: `<prefix>audit_log`, a row an entry. */
export const postgresAuditLogPart = appendLogPart<AuditEntry>('audit_log', [
  {
    version: 1,
    // The store's core made this log before the audit kept its own: a database it made keeps it, and its ids go on.
    description: 'the audit log (adopting the log the core made)',
    sql: ({ name }) => appendLogTable(name, 'audit_log'),
  },
]);
