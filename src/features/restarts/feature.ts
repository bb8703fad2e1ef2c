import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { RestartService, restartOf } from '../../services/restarts.js';
import type { PendingRestart } from '../../store/port.js';
import { chatColours } from '../chat/colours.js';
import { gameText, messageAnswer, timestamp } from '../common/schemas.js';
import { defineFeature } from '../feature.js';

declare module '../services.js' {
  interface Services {
    restarts: RestartService;
  }
}

const pendingRestart = t.object({
  restartAt: timestamp,
  reason: t.string(),
  requestedBy: t.string(),
  requestedAt: timestamp,
  delaySeconds: t.integer(),
  secondsRemaining: t.integer(),
});

/** Scheduled restarts with a boss-bar countdown; a pending one survives a restart of Gatehouse. */
export const restartsFeature = defineFeature({
  name: 'restarts',
  create: ({ config, store, game, services, texts, log, now }) => {
    const restarts = new RestartService(restartOf(store.restarts, config.serverId), game, texts, now, log.error);
    services.provide('restarts', restarts);
    const audit = services.get('audit');
    const chat = services.get('chatEvents');
    restarts.events.on('scheduled', (restart) =>
      chat.post({
        title: 'Restart scheduled',
        description: restart.reason || 'The server will restart.',
        color: chatColours.restart,
        fields: [
          { name: 'At', value: restart.restartAt, inline: true },
          { name: 'In', value: `${restart.delaySeconds} s`, inline: true },
          { name: 'By', value: restart.requestedBy, inline: true },
        ],
      }),
    );
    restarts.events.on('cancelled', (restart) =>
      chat.post({ title: 'Restart cancelled', description: `The restart planned for ${restart.restartAt} was cancelled.`, color: chatColours.cancelled }),
    );
    const describe = (pending: PendingRestart) => ({
      ...pending,
      secondsRemaining: Math.max(0, Math.ceil((Date.parse(pending.restartAt) - now().getTime()) / 1000)),
    });
    return {
      routes: [
        route({
          method: 'POST',
          path: '/api/admin/restart',
          access: 'admin',
          summary: 'Schedule a restart with a boss-bar countdown (replaces a pending one)',
          body: t.object({
            delay: t.integer({ minimum: 0, maximum: 86400, description: 'Seconds until the restart.' }),
            reason: t.optional(gameText({ maxLength: 200 })),
          }),
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
          summary: 'The pending restart, or null',
          answer: t.object({ success: t.literal(true), restart: t.nullable(pendingRestart) }),
          handle: () => {
            const pending = restarts.current();
            return { success: true as const, restart: pending && describe(pending) };
          },
        }),
        route({
          method: 'DELETE',
          path: '/api/admin/restart',
          access: 'admin',
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
      ],
      start: () => restarts.resume(),
      stop: () => restarts.stop(),
    };
  },
});
