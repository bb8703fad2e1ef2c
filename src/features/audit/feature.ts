import { t } from '../../lib/schema.js';
import { route } from '../../http/route.js';
import { AuditTrail } from '../../services/audit.js';
import { timestamp } from '../common/schemas.js';
import { defineFeature } from '../feature.js';

declare module '../services.js' {
  interface Services {
    audit: AuditTrail;
  }
}

const auditEntry = t.object(
  {
    id: t.integer(),
    timestamp,
    actor: t.string({ description: 'Web username, or `service` for the token account.' }),
    ipAddress: t.string(),
    action: t.string({ example: 'settings.update' }),
    details: t.record(t.unknown()),
  },
  { additionalProperties: true },
);

/** The audit log of admin actions that change something: who, what, when, from where. */
export const auditFeature = defineFeature({
  name: 'audit',
  create: ({ store, services, config, now }) => {
    const audit = new AuditTrail(store.auditLog, now);
    services.provide('audit', audit);
    services.get('retention').keepDays('audit log', config.retention.auditLogDays, (cutoff) => store.auditLog.deleteBefore(cutoff));
    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/admin/audit',
          access: 'admin',
          summary: 'The audit log of admin changes, newest first',
          query: t.object({ limit: t.integer({ default: 100, minimum: 1, maximum: 500 }) }),
          answer: t.object({ success: t.literal(true), entries: t.array(auditEntry) }),
          handle: async ({ query }) => ({ success: true as const, entries: await audit.recent(query.limit) }),
        }),
      ],
    };
  },
});
