import path from 'node:path';
import type { AuditEntry, Store, TeleportRecord } from '../port.js';
import { JsonConnectionLogStore } from './connection-log.js';
import { DatedJsonLinesLog } from './dated-log.js';
import { JsonRegistrationCodeStore } from './registration-codes.js';
import { JsonMessageStore, JsonRestartStore, JsonSettingsStore } from './small-documents.js';
import { JsonUserStore } from './users.js';

/**
 * The JSON-file store. Layout under the data directory:
 *   users/users-NNNNNN.json                 lowdb documents, 1,000 users each
 *   registration-codes.json, settings.json, lowdb documents, each written
 *   messages.json, restart.json             whole and atomically
 *   connections/, audit/, teleports/        JSON Lines, one file per UTC day
 */
export class JsonStore implements Store {
  private constructor(
    readonly users: JsonUserStore,
    readonly registrationCodes: JsonRegistrationCodeStore,
    readonly connectionLog: JsonConnectionLogStore,
    readonly auditLog: DatedJsonLinesLog<AuditEntry>,
    readonly teleportLog: DatedJsonLinesLog<TeleportRecord>,
    readonly settings: JsonSettingsStore,
    readonly messages: JsonMessageStore,
    readonly restarts: JsonRestartStore,
  ) {}

  static async open(dataDirectory: string): Promise<JsonStore> {
    const file = (name: string) => path.join(dataDirectory, name);
    return new JsonStore(
      await JsonUserStore.open(file('users')),
      await JsonRegistrationCodeStore.open(file('registration-codes.json')),
      await JsonConnectionLogStore.open(file('connections')),
      await DatedJsonLinesLog.open<AuditEntry>(file('audit')),
      await DatedJsonLinesLog.open<TeleportRecord>(file('teleports')),
      await JsonSettingsStore.open(file('settings.json')),
      await JsonMessageStore.open(file('messages.json')),
      await JsonRestartStore.open(file('restart.json')),
    );
  }

  async close(): Promise<void> {
    await Promise.all([this.connectionLog.drain(), this.auditLog.drain(), this.teleportLog.drain()]);
  }
}
