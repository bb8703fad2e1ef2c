import { defineFeature } from '../feature.js';
import { auditRoutes } from './routes.js';
import { AuditTrail } from './service.js';

declare module '../services.js' {
  interface Services {
    audit: AuditTrail;
  }
}

/** The audit log of admin actions that change something: who, what, when, from where. */
export const auditFeature = defineFeature({
  name: 'audit',
  create: ({ store, services, config, now }) => {
    const audit = new AuditTrail(store.auditLog, now);
    services.provide('audit', audit);
    services.get('retention').keepDays('audit log', config.retention.auditLogDays, (cutoff) => store.auditLog.deleteBefore(cutoff));
    return { routes: auditRoutes(audit) };
  },
});
