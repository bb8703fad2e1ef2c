import { datedLogPart } from '../../store/json/dated-log.js';
import type { AuditEntry } from './store.js';

/** The audit log on the JSON store: `audit/`, a JSON Lines file per UTC day. */
export const jsonAuditLogPart = datedLogPart<AuditEntry>('audit');
