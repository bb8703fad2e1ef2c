/** A pending restart as the API shows it, and the body that schedules one. */
import { t } from '../../lib/schema.js';
import { gameText, timestamp } from '../common/schemas.js';

export const pendingRestart = t.object({
  restartAt: timestamp,
  reason: t.string(),
  requestedBy: t.string(),
  requestedAt: timestamp,
  delaySeconds: t.integer(),
  secondsRemaining: t.integer(),
});

export const scheduleBody = t.object({
  delay: t.integer({ minimum: 0, maximum: 86400, description: 'Seconds until the restart.' }),
  reason: t.optional(gameText({ maxLength: 200 })),
});
