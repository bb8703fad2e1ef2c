import path from 'node:path';
import type { RegistrationCodeRecord, RegistrationCodeStore } from '../port.js';
import type { JsonAccess } from './access.js';
import type { JsonDatabase } from './database.js';
import { documentFile } from './table-files.js';

const table = 'registrationCodes';

/** Codes by code, one per player (unique by game UUID), in `registration-codes.json`. */
export function defineRegistrationCodes(database: JsonDatabase, dataDirectory: string): void {
  database.define<RegistrationCodeRecord>(
    { name: table, uniqueIndexes: { gameUuid: (record) => record.gameUuid } },
    documentFile<RegistrationCodeRecord, { codes?: RegistrationCodeRecord[] }>(path.join(dataDirectory, 'registration-codes.json'), {
      fromDocument: (document) => (document.codes ?? []).map((record) => [record.code, record]),
      toDocument: (records) => ({ codes: records.map(([, record]) => record) }),
    }),
  );
}

export class JsonRegistrationCodeStore implements RegistrationCodeStore {
  constructor(private readonly access: JsonAccess) {}

  replaceForPlayer(record: RegistrationCodeRecord): Promise<void> {
    return this.access.write((tx) => {
      const previous = tx.reader<RegistrationCodeRecord>(table).findBy('gameUuid', record.gameUuid);
      if (previous) tx.remove(table, previous.code);
      tx.put(table, record.code, { ...record });
    });
  }

  async find(code: string): Promise<RegistrationCodeRecord | undefined> {
    const found = this.access.read<RegistrationCodeRecord>(table).get(code);
    return found && { ...found };
  }

  remove(code: string): Promise<void> {
    return this.access.write((tx) => {
      if (tx.get(table, code)) tx.remove(table, code);
    });
  }

  removeExpired(now: Date): Promise<number> {
    const nowIso = now.toISOString();
    return this.access.write((tx) => {
      let removed = 0;
      for (const record of [...tx.reader<RegistrationCodeRecord>(table).values()]) {
        if (record.expiresAt <= nowIso) {
          tx.remove(table, record.code);
          removed += 1;
        }
      }
      return removed;
    });
  }
}
