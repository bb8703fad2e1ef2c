import type Router from '@koa/router';
import { ApiError, badRequest, notFound } from '../../errors.js';
import type { AccountService } from '../../services/accounts.js';
import type { AuditTrail } from '../../services/audit.js';
import { WebhookDeliveryError, WebhookNotConfiguredError, type ChatWebhook } from '../../services/chat-webhook.js';
import type { MessageService } from '../../services/messages.js';
import type { RestartService } from '../../services/restarts.js';
import type { SettingsChange, SettingsService } from '../../services/settings.js';
import type { TeleportService } from '../../services/teleports.js';
import type { ConnectionLogStore, PendingRestart, UserStore } from '../../store/port.js';
import { actorOf } from '../actor.js';
import { authenticate, requireAdmin, type AuthenticationDependencies } from '../authentication.js';
import { jsonBody } from '../json-body.js';
import { integerQuery, pagination, stringQuery } from '../query.js';
import {
  announcementBody,
  restartBody,
  sendMessageBody,
  type AnnouncementBody,
  type RestartBody,
  type SendMessageBody,
} from '../schemas/admin.js';
import { settingsUpdateBody } from '../schemas/settings.js';
import { body } from '../validation.js';

export interface AdminDependencies {
  auth: AuthenticationDependencies;
  isGameConnected: () => boolean;
  bodyLimitBytes: number;
  settings: SettingsService;
  users: UserStore;
  accounts: AccountService;
  connections: ConnectionLogStore;
  messages: MessageService;
  webhook: ChatWebhook;
  restarts: RestartService;
  teleports: TeleportService;
  audit: AuditTrail;
  now?: () => Date;
}

/** The admin group: every route needs the token of an operator, or the service token. */
export function addAdminRoutes(router: Router, deps: AdminDependencies): void {
  const admin = [authenticate(deps.auth), requireAdmin(deps.auth, deps.isGameConnected)];
  const json = jsonBody(deps.bodyLimitBytes);
  const now = deps.now ?? (() => new Date());

  router.get('/api/admin/settings', ...admin, (ctx) => {
    ctx.body = { success: true, settings: deps.settings.get() };
  });

  router.post('/api/admin/settings', ...admin, json, async (ctx) => {
    const change = body<SettingsChange>(ctx, settingsUpdateBody);
    const before = deps.settings.get();
    const { updated, appliedInGame } = await deps.settings.update(change);
    if (updated.length > 0) await deps.audit.record(actorOf(ctx), 'settings.update', { change: maskSecrets(change), before: pick(before, updated) });
    ctx.body = {
      success: true,
      message: updated.length ? `Updated ${updated.length} setting${updated.length === 1 ? '' : 's'}` : 'Nothing to update',
      updated,
      appliedInGame,
    };
  });

  router.get('/api/admin/users', ...admin, async (ctx) => {
    const page = integerQuery(ctx, 'page', { default: 1, min: 1, max: 1_000_000 });
    const limit = integerQuery(ctx, 'limit', { default: 50, min: 1, max: 100 });
    const search = stringQuery(ctx, 'search', 32);
    const { users, total } = await deps.users.list({ page, limit, search });
    const profiles = await deps.accounts.profiles(users);
    ctx.body = {
      success: true,
      users: users.map((user, index) => {
        const { username, email, gameUsername, isAdmin, isWhitelisted, createdAt } = profiles[index]!;
        return { id: user.id, username, email, gameUsername, isAdmin, isWhitelisted, createdAt, lastLogin: user.lastLogin };
      }),
      pagination: pagination(page, limit, total),
    };
  });

  router.get('/api/admin/connections', ...admin, async (ctx) => {
    const limit = integerQuery(ctx, 'limit', { default: 100, min: 1, max: 500 });
    const username = stringQuery(ctx, 'username', 16);
    const entries = await deps.connections.recent({ limit, equals: { username } });
    ctx.body = {
      success: true,
      connections: entries.map(({ id, username: name, action, ipAddress, timestamp, success, reason }) => ({
        id,
        username: name,
        action,
        ipAddress,
        timestamp,
        success,
        ...(reason ? { reason } : {}),
      })),
    };
  });

  router.post('/api/admin/chat/test', ...admin, async (ctx) => {
    try {
      await deps.webhook.sendTest({
        content: 'Gatehouse test message',
        embeds: [{ title: 'Webhook test', description: `Sent by ${actorOf(ctx).name} from the Gatehouse API.`, color: 0x3498db, timestamp: now().toISOString() }],
      });
    } catch (error) {
      if (error instanceof WebhookNotConfiguredError) throw badRequest(error.message, 'webhook_not_configured');
      if (error instanceof WebhookDeliveryError) throw new ApiError(500, `Failed to send the test message: ${error.message}`, 'webhook_failed');
      throw error;
    }
    ctx.body = { success: true, message: 'Test message sent to the chat webhook' };
  });

  router.get('/api/admin/messages', ...admin, async (ctx) => {
    const limit = integerQuery(ctx, 'limit', { default: 100, min: 1, max: 500 });
    ctx.body = { success: true, messages: await deps.messages.list(limit) };
  });

  router.post('/api/admin/messages/send', ...admin, json, async (ctx) => {
    const { username, message } = body<SendMessageBody>(ctx, sendMessageBody);
    const actor = actorOf(ctx);
    const record = await deps.messages.sendDirect(actor, username, message);
    await deps.audit.record(actor, 'message.send', { id: record.id, recipient: username });
    ctx.body = { success: true, message: `Message sent to ${username}` };
  });

  router.post('/api/admin/messages', ...admin, json, async (ctx) => {
    const { content, expiresAt } = body<AnnouncementBody>(ctx, announcementBody);
    const actor = actorOf(ctx);
    const announcement = await deps.messages.announce(actor, content, expiresAt);
    await deps.audit.record(actor, 'message.announce', { id: announcement.id, expiresAt: announcement.expiresAt });
    ctx.status = 201;
    ctx.body = { success: true, message: 'Announcement sent', announcement };
  });

  router.post('/api/admin/restart', ...admin, json, async (ctx) => {
    const { delay, reason = '' } = body<RestartBody>(ctx, restartBody);
    const actor = actorOf(ctx);
    const pending = await deps.restarts.schedule(actor, delay, reason);
    await deps.audit.record(actor, 'restart.schedule', { delay, reason, restartAt: pending.restartAt });
    ctx.body = { success: true, message: `Server restart scheduled in ${delay} seconds`, restartAt: pending.restartAt };
  });

  router.get('/api/admin/restart', ...admin, (ctx) => {
    const pending = deps.restarts.current();
    ctx.body = { success: true, restart: pending && describeRestart(pending, now()) };
  });

  router.delete('/api/admin/restart', ...admin, async (ctx) => {
    const cancelled = await deps.restarts.cancel();
    if (!cancelled) throw notFound('No restart is scheduled', 'no_restart');
    await deps.audit.record(actorOf(ctx), 'restart.cancel', { restartAt: cancelled.restartAt });
    ctx.body = { success: true, message: 'Scheduled restart cancelled' };
  });

  router.get('/api/admin/audit', ...admin, async (ctx) => {
    const limit = integerQuery(ctx, 'limit', { default: 100, min: 1, max: 500 });
    ctx.body = { success: true, entries: await deps.audit.recent(limit) };
  });

  router.get('/api/admin/teleports', ...admin, async (ctx) => {
    const limit = integerQuery(ctx, 'limit', { default: 100, min: 1, max: 500 });
    ctx.body = { success: true, teleports: await deps.teleports.recent(limit) };
  });
}

function describeRestart(pending: PendingRestart, now: Date) {
  return { ...pending, secondsRemaining: Math.max(0, Math.ceil((Date.parse(pending.restartAt) - now.getTime()) / 1000)) };
}

/** The webhook URL carries its secret; the audit log keeps only that it changed. */
function maskSecrets(change: SettingsChange): SettingsChange {
  if (!change.chat?.webhookUrl) return change;
  return { ...change, chat: { ...change.chat, webhookUrl: '(changed)' } };
}

function pick(settings: object, paths: string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const dotted of paths) {
    let value: unknown = settings;
    for (const key of dotted.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
    picked[dotted] = dotted === 'chat.webhookUrl' && value ? '(set)' : value;
  }
  return picked;
}
