import path from 'node:path';
import type { JsonStorePart } from '../../store/json/access.js';
import { documentFile } from '../../store/json/table-files.js';
import type { PasswordResetCodeRecord, PasswordResetCodeStore, RegistrationCodeRecord, RegistrationCodeStore } from './store.js';

/** The table's name is written in the journal: it stays what it always was. */
const table = 'registrationCodes';

/** Codes on the JSON store, by code, one per player (unique by game UUID), in `registration-codes.json` as they always were. */
export const jsonRegistrationCodesPart: JsonStorePart<RegistrationCodeStore> = {
  define: (database, dataDirectory) => {
    database.define<RegistrationCodeRecord>(
      { name: table, uniqueIndexes: { gameUuid: (record) => record.gameUuid } },
      documentFile<RegistrationCodeRecord, { codes?: RegistrationCodeRecord[] }>(path.join(dataDirectory, 'registration-codes.json'), {
        fromDocument: (document) => (document.codes ?? []).map((record) => [record.code, record]),
        toDocument: (records) => ({ codes: records.map(([, record]) => record) }),
      }),
    );
  },
  bind: (access) => ({
    replaceForPlayer: (record) =>
      access.write((tx) => {
        const previous = tx.reader<RegistrationCodeRecord>(table).findBy('gameUuid', record.gameUuid);
        if (previous) tx.remove(table, previous.code);
        tx.put(table, record.code, { ...record });
      }),
    find: async (code) => {
      const found = access.read<RegistrationCodeRecord>(table).get(code);
      return found && { ...found };
    },
    remove: (code) =>
      access.write((tx) => {
        if (tx.get(table, code)) tx.remove(table, code);
      }),
    removeExpired: (now) => {
      const nowIso = now.toISOString();
      return access.write((tx) => {
        let removed = 0;
        for (const record of [...tx.reader<RegistrationCodeRecord>(table).values()]) {
          if (record.expiresAt <= nowIso) {
            tx.remove(table, record.code);
            removed += 1;
          }
        }
        return removed;
      });
    },
  }),
};

const resetTable = 'passwordResetCodes';

/** Reset codes on the JSON store, by the code's hash, one per account (unique by user id), in `password-reset-codes.json`. */
export const jsonPasswordResetCodesPart: JsonStorePart<PasswordResetCodeStore> = {
  define: (database, dataDirectory) => {
    database.define<PasswordResetCodeRecord>(
      { name: resetTable, uniqueIndexes: { userId: (record) => String(record.userId) } },
      documentFile<PasswordResetCodeRecord, { codes?: PasswordResetCodeRecord[] }>(path.join(dataDirectory, 'password-reset-codes.json'), {
        fromDocument: (document) => (document.codes ?? []).map((record) => [record.codeHash, record]),
        toDocument: (records) => ({ codes: records.map(([, record]) => record) }),
      }),
    );
  },
  bind: (access) => ({
    replaceForUser: (record) =>
      access.write((tx) => {
        const previous = tx.reader<PasswordResetCodeRecord>(resetTable).findBy('userId', String(record.userId));
        if (previous) tx.remove(resetTable, previous.codeHash);
        tx.put(resetTable, record.codeHash, { ...record });
      }),
    find: async (codeHash) => {
      const found = access.read<PasswordResetCodeRecord>(resetTable).get(codeHash);
      return found && { ...found };
    },
    remove: (codeHash) =>
      access.write((tx) => {
        if (!tx.get(resetTable, codeHash)) return false;
        tx.remove(resetTable, codeHash);
        return true;
      }),
    removeExpired: (now) => {
      const nowIso = now.toISOString();
      return access.write((tx) => {
        let removed = 0;
        for (const record of [...tx.reader<PasswordResetCodeRecord>(resetTable).values()]) {
          if (record.expiresAt <= nowIso) {
            tx.remove(resetTable, record.codeHash);
            removed += 1;
          }
        }
        return removed;
      });
    },
  }),
};
