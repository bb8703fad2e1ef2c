/** Reading the audit log (admins). */
import { route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { pageQuery, pagination, paginationObject } from '../common/schemas.js';
import { auditEntryAnswer } from './answers.js';
import { auditEntry } from './schemas.js';
import type { AuditTrail } from './service.js';

export function auditRoutes(audit: AuditTrail): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/audit',
      access: 'admin',
      scope: 'audit:read',
      summary: 'The audit log of admin changes, newest first (query: page, limit 1-500)',
      query: t.object(pageQuery({ default: 100, max: 500 })),
      answer: t.object({ success: t.literal(true), entries: t.array(auditEntry), pagination: paginationObject }),
      personal: ['entries[].ipAddress', 'entries[].details.x', 'entries[].details.y', 'entries[].details.z'],
      handle: async ({ query }) => {
        const { entries, total } = await audit.page(query.page, query.limit);
        return { success: true as const, entries: entries.map(auditEntryAnswer), pagination: pagination(query.page, query.limit, total) };
      },
    }),
  ];
}
