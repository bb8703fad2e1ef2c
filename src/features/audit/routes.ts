/** Reading the audit log (admins). */
import { route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { auditEntry } from './schemas.js';
import type { AuditTrail } from './service.js';

export function auditRoutes(audit: AuditTrail): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/audit',
      access: 'admin',
      scope: 'audit:read',
      summary: 'The audit log of admin changes, newest first',
      query: t.object({ limit: t.integer({ default: 100, minimum: 1, maximum: 500 }) }),
      answer: t.object({ success: t.literal(true), entries: t.array(auditEntry) }),
      handle: async ({ query }) => ({ success: true as const, entries: await audit.recent(query.limit) }),
    }),
  ];
}
