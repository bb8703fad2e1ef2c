/** Reading and changing the live settings (admins; changes audited, and sent to the other servers with the record of them). */
import { invalidField, notFound } from '../../errors.js';
import { type Actor, route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { AuditTrail } from '../audit/service.js';
import { checkWebhookUrl, WebhookAddressError } from '../webhooks/address.js';
import { overriddenKeys, settingsChange, settingsDefaults, settingsObject } from './schemas.js';
import { leafPaths, type SettingsChange, type SettingsService } from './service.js';

export function settingsRoutes(settings: SettingsService, audit: AuditTrail, allowPrivateWebhookAddresses: boolean): Route[] {
  /** DELETE's work: the key checked against the settings' own keys, then the same change as a POST of null for it. */
  async function giveBack(key: string, actor: Actor) {
    if (!leafPaths(settings.read() as unknown as Record<string, unknown>).includes(key))
      throw notFound('No setting has that key: give the dotted path of one setting, such as chat.enabled', 'unknown_setting');
    if (!settings.overriddenKeys().includes(key)) return { success: true as const, message: `${key} already has its value from config.yml`, updated: [], appliedInGame: [] };
    const change = nullFor(key);
    const before = settings.read();
    // Recorded, told to the other servers and applied by the service, as a POST's change is.
    const { updated, appliedInGame } = await settings.update(change);
    await audit.record(actor, 'settings.update', { change: maskSecrets(change), before: pick(before, updated) });
    return { success: true as const, message: `${key} is back to its value from config.yml`, updated, appliedInGame };
  }

  return [
    route({
      method: 'GET',
      path: '/api/admin/settings',
      access: 'admin',
      scope: 'settings:read',
      summary: 'The live settings',
      answer: t.object({ success: t.literal(true), settings: settingsObject, overridden: overriddenKeys, defaults: settingsDefaults }),
      handle: () => ({ success: true as const, settings: settings.read(), overridden: settings.overriddenKeys(), defaults: settings.defaultValues() }),
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
      errors: {
        400: 'An unknown key, a wrong type, a value out of range, or a webhook URL at a private address; nothing changed',
        503: 'The store cannot record the change (storage_failed): made on no server',
      },
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
        const before = settings.read();
        const { updated, appliedInGame } = await settings.update(change);
        // Settings are network-wide: the service told the other servers in the unit of work that recorded the change.
        if (updated.length > 0) await audit.record(request.actor(), 'settings.update', { change: maskSecrets(change), before: pick(before, updated) });
        return {
          success: true as const,
          message: updated.length ? `Updated ${updated.length} setting${updated.length === 1 ? '' : 's'}` : 'Nothing to update',
          updated,
          appliedInGame,
        };
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/settings/overrides/:key',
      access: 'admin',
      scope: 'settings:write',
      summary: "Give a setting back to config.yml: the change made through the API is dropped, and config.yml's value holds again, in game too",
      description:
        'key: the dotted path of one setting (difficulty, chat.enabled). Recorded, sent to the other servers and applied as a POST of null for the key is; updated is empty when the key was not overridden.',
      answer: t.object({
        success: t.literal(true),
        message: t.string(),
        updated: t.array(t.string(), { description: 'The key, when it was overridden; empty otherwise (nothing changed).' }),
        appliedInGame: t.array(t.string(), { description: 'The key, when the game applied its value at once.' }),
      }),
      errors: {
        404: 'No setting has that key (a group such as chat is not one)',
        503: 'The store cannot record the change (storage_failed): made on no server',
      },
      handle: (request) => giveBack(request.params.key ?? '', request.actor()),
    }),
  ];
}

/** `chat.enabled` → `{chat: {enabled: null}}`: a change that gives that key back. */
function nullFor(key: string): SettingsChange {
  const change: Record<string, unknown> = {};
  let holder = change;
  const keys = key.split('.');
  for (const part of keys.slice(0, -1)) holder = holder[part] = {};
  holder[keys.at(-1)!] = null;
  return change as SettingsChange;
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
