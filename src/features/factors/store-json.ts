import path from 'node:path';
import type { JsonDatabase } from '../../store/json/database.js';
import type { JsonStorePart } from '../../store/json/access.js';
import { documentFile } from '../../store/json/table-files.js';
import type { ChallengeRecord, FactorStore, PasskeyRecord, TotpRecord } from './store.js';

/** The tables' names are written in the journal: never rename them. */
const totpTable = 'totpSecrets';
const recoveryTable = 'recoveryCodes';
const passkeyTable = 'passkeys';
const challengeTable = 'factorChallenges';

interface RecoveryCodeRecord {
  userId: number;
  hash: string;
  usedAt: string | null;
}

const recoveryKey = (userId: number, hash: string) => `${userId}:${hash}`;

/** One table in one document, `<data>/factors/<file>.json`, as a list of its records. */
function defineTable<V>(database: JsonDatabase, dataDirectory: string, name: string, file: string, keyOf: (record: V) => string): void {
  database.define<V>(
    { name },
    documentFile<V, { records?: V[] }>(path.join(dataDirectory, 'factors', `${file}.json`), {
      fromDocument: (document) => (document.records ?? []).map((record) => [keyOf(record), record]),
      toDocument: (records) => ({ records: records.map(([, record]) => record) }),
    }),
  );
}

/** The second factors on the JSON store, under `factors/`: the TOTP secrets, recovery codes, passkeys and challenges, a file each. */
export const jsonFactorsPart: JsonStorePart<FactorStore> = {
  define: (database, dataDirectory) => {
    defineTable<TotpRecord>(database, dataDirectory, totpTable, 'totp', (record) => String(record.userId));
    defineTable<RecoveryCodeRecord>(database, dataDirectory, recoveryTable, 'recovery-codes', (record) => recoveryKey(record.userId, record.hash));
    defineTable<PasskeyRecord>(database, dataDirectory, passkeyTable, 'passkeys', (record) => record.id);
    defineTable<ChallengeRecord>(database, dataDirectory, challengeTable, 'challenges', (record) => record.key);
  },
  bind: (access) => {
    const recoveryCodesOf = (userId: number) => [...access.read<RecoveryCodeRecord>(recoveryTable).values()].filter((record) => record.userId === userId);
    return {
      totp: async (userId) => {
        const found = access.read<TotpRecord>(totpTable).get(String(userId));
        return found && { ...found };
      },
      putTotp: (record) => access.write((tx) => tx.put(totpTable, String(record.userId), { ...record })),
      takeTotpStep: (userId, step) =>
        access.write((tx) => {
          const found = tx.get<TotpRecord>(totpTable, String(userId));
          if (!found || (found.lastStep !== null && found.lastStep >= step)) return false;
          tx.put(totpTable, String(userId), { ...found, confirmed: true, lastStep: step });
          return true;
        }),
      removeTotp: (userId) =>
        access.write((tx) => {
          if (!tx.get(totpTable, String(userId))) return false;
          tx.remove(totpTable, String(userId));
          return true;
        }),

      replaceRecoveryCodes: (userId, hashes) =>
        access.write((tx) => {
          for (const record of [...tx.reader<RecoveryCodeRecord>(recoveryTable).values()]) {
            if (record.userId === userId) tx.remove(recoveryTable, recoveryKey(userId, record.hash));
          }
          for (const hash of hashes) tx.put(recoveryTable, recoveryKey(userId, hash), { userId, hash, usedAt: null });
        }),
      takeRecoveryCode: (userId, hash, at) =>
        access.write((tx) => {
          const found = tx.get<RecoveryCodeRecord>(recoveryTable, recoveryKey(userId, hash));
          if (!found || found.usedAt !== null) return false;
          tx.put(recoveryTable, recoveryKey(userId, hash), { ...found, usedAt: at });
          return true;
        }),
      recoveryCodesLeft: async (userId) => recoveryCodesOf(userId).filter((record) => record.usedAt === null).length,
      removeRecoveryCodes: (userId) =>
        access.write((tx) => {
          const mine = [...tx.reader<RecoveryCodeRecord>(recoveryTable).values()].filter((record) => record.userId === userId);
          for (const record of mine) tx.remove(recoveryTable, recoveryKey(userId, record.hash));
          return mine.length;
        }),

      addPasskey: (record) => access.write((tx) => tx.put(passkeyTable, record.id, { ...record, transports: [...record.transports] })),
      passkey: async (id) => {
        const found = access.read<PasskeyRecord>(passkeyTable).get(id);
        return found && { ...found, transports: [...found.transports] };
      },
      passkeys: async (userId) =>
        [...access.read<PasskeyRecord>(passkeyTable).values()]
          .filter((record) => record.userId === userId)
          .map((record) => ({ ...record, transports: [...record.transports] }))
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      renamePasskey: (userId, id, name) =>
        access.write((tx) => {
          const found = tx.get<PasskeyRecord>(passkeyTable, id);
          if (!found || found.userId !== userId) return false;
          tx.put(passkeyTable, id, { ...found, name });
          return true;
        }),
      removePasskey: (userId, id) =>
        access.write((tx) => {
          const found = tx.get<PasskeyRecord>(passkeyTable, id);
          if (!found || found.userId !== userId) return false;
          tx.remove(passkeyTable, id);
          return true;
        }),
      recordPasskeyUse: (id, counter, at) =>
        access.write((tx) => {
          const found = tx.get<PasskeyRecord>(passkeyTable, id);
          if (found) tx.put(passkeyTable, id, { ...found, counter, lastUsedAt: at });
        }),
      removePasskeys: (userId) =>
        access.write((tx) => {
          const mine = [...tx.reader<PasskeyRecord>(passkeyTable).values()].filter((record) => record.userId === userId);
          for (const record of mine) tx.remove(passkeyTable, record.id);
          return mine.length;
        }),

      putChallenge: (record) => access.write((tx) => tx.put(challengeTable, record.key, { ...record })),
      findChallenge: async (key) => {
        const found = access.read<ChallengeRecord>(challengeTable).get(key);
        return found && { ...found };
      },
      takeChallenge: (key) =>
        access.write((tx) => {
          const found = tx.get<ChallengeRecord>(challengeTable, key);
          if (found) tx.remove(challengeTable, key);
          return found && { ...found };
        }),
      removeExpiredChallenges: (now) => {
        const nowIso = now.toISOString();
        return access.write((tx) => {
          const expired = [...tx.reader<ChallengeRecord>(challengeTable).values()].filter((record) => record.expiresAt <= nowIso);
          for (const record of expired) tx.remove(challengeTable, record.key);
          return expired.length;
        });
      },
    };
  },
};
