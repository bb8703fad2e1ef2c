/** Reading and changing the live settings (admins; changes audited and sent to the other servers). */
import { invalidField } from '../../errors.js';
import { route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { Network } from '../../network/port.js';
import type { AuditTrail } from '../audit/service.js';
import { checkWebhookUrl, WebhookAddressError } from '../chat/webhook-address.js';
import { settingsChange, settingsObject } from './schemas.js';
import type { SettingsChange, SettingsService } from './service.js';

export function settingsRoutes(settings: SettingsService, audit: AuditTrail, network: Network, allowPrivateWebhookAddresses: boolean): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/settings',
      access: 'admin',
      scope: 'settings:read',
      summary: 'The live settings',
      answer: t.object({ success: t.literal(true), settings: settingsObject }),
      handle: () => ({ success: true as const, settings: settings.get() }),
    }),
    route({
      method: 'POST',
      path: '/api/admin/settings',
      access: 'admin',
      scope: 'settings:write',
      summary: 'Change some settings (all or nothing); null for a key returns it to its value in config.yml',
      body: settingsChange,
      answer: t.object({
        success: t.literal(true),
        message: t.string(),
        updated: t.array(t.string(), { description: 'Dotted paths of the keys supplied (those set to null too), e.g. chat.enabled.' }),
        appliedInGame: t.array(t.string(), { description: 'Those the game applied at once.' }),
      }),
      errors: { 400: 'An unknown key, a wrong type, a value out of range, or a webhook URL at a private address; nothing changed' },
      handle: async (request) => {
        const change = request.body as SettingsChange;
        const webhookUrl = change.chat?.webhookUrl;
        if (webhookUrl) {
          try {
            await checkWebhookUrl(webhookUrl, allowPrivateWebhookAddresses);
          } catch (error) {
            if (error instanceof WebhookAddressError) throw invalidField('chat.webhookUrl', `chat.webhookUrl is refused: ${error.message}`);
            throw error;
          }
        }
        const before = settings.get();
        const { updated, appliedInGame } = await settings.update(change);
        if (updated.length > 0) {
          await audit.record(request.actor(), 'settings.update', { change: maskSecrets(change), before: pick(before, updated) });
          // Settings are network-wide: the other servers read them back and apply them to their games.
          await network.publish('settings', { updated });
        }
        return {
          success: true as const,
          message: updated.length ? `Updated ${updated.length} setting${updated.length === 1 ? '' : 's'}` : 'Nothing to update',
          updated,
          appliedInGame,
        };
      },
    }),
  ];
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
