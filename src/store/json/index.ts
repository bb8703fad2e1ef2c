import path from 'node:path';
import type { Store } from '../port.js';
import { JsonConnectionLogStore } from './connection-log.js';
import { JsonRegistrationCodeStore } from './registration-codes.js';
import { JsonUserStore } from './users.js';

/**
 * The JSON-file store. Layout under the data directory:
 *   users.json, registration-codes.json   lowdb documents
 *   connections/YYYY-MM-DD.jsonl          connection log, one file per day
 */
export class JsonStore implements Store {
  private constructor(
    readonly users: JsonUserStore,
    readonly registrationCodes: JsonRegistrationCodeStore,
    readonly connectionLog: JsonConnectionLogStore,
  ) {}

  static async open(dataDirectory: string): Promise<JsonStore> {
    return new JsonStore(
      await JsonUserStore.open(path.join(dataDirectory, 'users.json')),
      await JsonRegistrationCodeStore.open(path.join(dataDirectory, 'registration-codes.json')),
      await JsonConnectionLogStore.open(path.join(dataDirectory, 'connections')),
    );
  }

  async close(): Promise<void> {
    await this.connectionLog.drain();
  }
}
