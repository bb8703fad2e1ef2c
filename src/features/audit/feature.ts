import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import { auditRoutes } from './routes.js';
import { AuditTrail } from './service.js';
import { auditLogPart } from './store.js';
import { jsonAuditLogPart } from './store-json.js';
import { postgresAuditLogPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    audit: AuditTrail;
  }
}

/** The audit log of admin actions that change something: who, what, when, from where. */
export const auditFeature = defineFeature({
  name: 'audit',
  storeParts: [partImplementations({ part: auditLogPart, json: jsonAuditLogPart, postgres: postgresAuditLogPart })],
  create: ({ store, services, config, now }) => {
    const log = store.part(auditLogPart);
    const audit = new AuditTrail(log, now);
    services.provide('audit', audit);
    services.get('retention').keepDays('audit log', config.retention.auditLogDays, (cutoff) => log.deleteBefore(cutoff));
    return { routes: auditRoutes(audit) };
  },
});
