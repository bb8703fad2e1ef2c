/** Scheduling, showing and cancelling a restart (admins; changes audited). */
import { notFound } from '../../errors.js';
import type { GamePort } from '../../game/port.js';
import { route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { AuditTrail } from '../audit/service.js';
import { messageAnswer, timestamp } from '../common/schemas.js';
import { pendingRestartAnswer } from './answers.js';
import { pendingRestart, scheduleBody } from './schemas.js';
import type { RestartService } from './service.js';

export function restartsRoutes(restarts: RestartService, audit: AuditTrail, game: GamePort, now: () => Date): Route[] {
  return [
    route({
      method: 'POST',
      path: '/api/admin/restart',
      access: 'admin',
      scope: 'server:write',
      summary: 'Schedule a restart with a boss-bar countdown (replaces a pending one)',
      body: scheduleBody,
      answer: t.object({ success: t.literal(true), message: t.string(), restartAt: timestamp }),
      errors: { 400: 'delay missing or out of range', 501: 'The game cannot restart' },
      handle: async (request) => {
        const { delay, reason = '' } = request.body;
        const actor = request.actor();
        const pending = await restarts.schedule(actor, delay, reason);
        await audit.record(actor, 'restart.schedule', { delay, reason, restartAt: pending.restartAt });
        // A vanilla server can only stop: whatever runs it (systemd, a panel, a loop in a script) must start it again.
        const stopsOnly = game.capability('control')?.startsAgainByItself === false;
        const note = stopsOnly ? '; the server will stop, and its service manager must start it again' : '';
        return { success: true as const, message: `Server restart scheduled in ${delay} seconds${note}`, restartAt: pending.restartAt };
      },
    }),
    route({
      method: 'GET',
      path: '/api/admin/restart',
      access: 'admin',
      scope: 'server:read',
      summary: 'The pending restart, or null',
      answer: t.object({ success: t.literal(true), restart: t.nullable(pendingRestart) }),
      handle: () => {
        const pending = restarts.current();
        return { success: true as const, restart: pending && pendingRestartAnswer(pending, now()) };
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/restart',
      access: 'admin',
      scope: 'server:write',
      summary: 'Cancel the pending restart',
      answer: messageAnswer,
      errors: { 404: 'No restart is scheduled' },
      handle: async (request) => {
        const cancelled = await restarts.cancel();
        if (!cancelled) throw notFound('No restart is scheduled', 'no_restart');
        await audit.record(request.actor(), 'restart.cancel', { restartAt: cancelled.restartAt });
        return { success: true as const, message: 'Scheduled restart cancelled' };
      },
    }),
  ];
}
