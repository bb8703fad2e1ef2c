import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { ChallengeKind, FactorStore, PasskeyRecord, TotpRecord } from './store.js';

interface TotpRow {
  user_id: string;
  sealed_secret: string;
  confirmed: boolean;
  last_step: string | null;
  created_at: Date;
}

interface PasskeyRow {
  id: string;
  user_id: string;
  name: string;
  public_key: string;
  counter: string;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

interface ChallengeRow {
  key: string;
  kind: ChallengeKind;
  user_id: string | null;
  expires_at: Date;
}

const totpRecord = (row: TotpRow): TotpRecord => ({
  userId: Number(row.user_id),
  sealedSecret: row.sealed_secret,
  confirmed: row.confirmed,
  lastStep: row.last_step === null ? null : Number(row.last_step),
  createdAt: row.created_at.toISOString(),
});

const passkeyRecord = (row: PasskeyRow): PasskeyRecord => ({
  id: row.id,
  userId: Number(row.user_id),
  name: row.name,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports,
  deviceType: row.device_type,
  backedUp: row.backed_up,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

const challengeRecord = (row: ChallengeRow) => ({
  key: row.key,
  kind: row.kind,
  userId: row.user_id === null ? null : Number(row.user_id),
  expiresAt: row.expires_at.toISOString(),
});

const passkeyColumns = 'id, user_id, name, public_key, counter, transports, device_type, backed_up, created_at, last_used_at';

/** The second factors on PostgreSQL: `<prefix>totp_secrets`, `recovery_codes`, `passkeys` and `factor_challenges`. */
export const postgresFactorsPart: PostgresStorePart<FactorStore> = {
  migrations: [
    {
      version: 1,
      description: 'second factors: TOTP secrets, recovery codes, passkeys, challenges',
      sql: ({ name }) => `
        CREATE TABLE IF NOT EXISTS ${name('totp_secrets')} (
          user_id bigint PRIMARY KEY,
          sealed_secret text NOT NULL,
          confirmed boolean NOT NULL,
          last_step bigint,
          created_at timestamptz NOT NULL
        );
        CREATE TABLE IF NOT EXISTS ${name('recovery_codes')} (
          user_id bigint NOT NULL,
          code_hash text NOT NULL,
          used_at timestamptz,
          PRIMARY KEY (user_id, code_hash)
        );
        CREATE TABLE IF NOT EXISTS ${name('passkeys')} (
          id text PRIMARY KEY,
          user_id bigint NOT NULL,
          name text NOT NULL,
          public_key text NOT NULL,
          counter bigint NOT NULL,
          transports text[] NOT NULL,
          device_type text NOT NULL,
          backed_up boolean NOT NULL,
          created_at timestamptz NOT NULL,
          last_used_at timestamptz
        );
        CREATE INDEX IF NOT EXISTS ${name('passkeys_user_id')} ON ${name('passkeys')} (user_id);
        CREATE TABLE IF NOT EXISTS ${name('factor_challenges')} (
          key text PRIMARY KEY,
          kind text NOT NULL,
          user_id bigint,
          expires_at timestamptz NOT NULL
        );
        CREATE INDEX IF NOT EXISTS ${name('factor_challenges_expires_at')} ON ${name('factor_challenges')} (expires_at);
      `,
    },
  ],
  bind: (access) => {
    const totp = access.name('totp_secrets');
    const recovery = access.name('recovery_codes');
    const passkeys = access.name('passkeys');
    const challenges = access.name('factor_challenges');
    const count = async (sql: string, params: unknown[]) => (await access.query(sql, params)).length;
    return {
      totp: async (userId) => {
        const [row] = await access.query<TotpRow>(`SELECT user_id, sealed_secret, confirmed, last_step, created_at FROM ${totp} WHERE user_id = $1`, [userId]);
        return row && totpRecord(row);
      },
      putTotp: async (record) => {
        await access.query(
          `INSERT INTO ${totp} (user_id, sealed_secret, confirmed, last_step, created_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (user_id) DO UPDATE SET sealed_secret = EXCLUDED.sealed_secret, confirmed = EXCLUDED.confirmed, last_step = EXCLUDED.last_step, created_at = EXCLUDED.created_at`,
          [record.userId, record.sealedSecret, record.confirmed, record.lastStep, record.createdAt],
        );
      },
      // One statement: of two requests with the same code, the row is updated for one only.
      takeTotpStep: async (userId, step) =>
        (await count(`UPDATE ${totp} SET confirmed = true, last_step = $2 WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING user_id`, [userId, step])) === 1,
      removeTotp: async (userId) => (await count(`DELETE FROM ${totp} WHERE user_id = $1 RETURNING user_id`, [userId])) === 1,

      replaceRecoveryCodes: (userId, hashes) =>
        access.write(async (unit) => {
          await unit.query(`DELETE FROM ${recovery} WHERE user_id = $1`, [userId]);
          await unit.query(`INSERT INTO ${recovery} (user_id, code_hash, used_at) SELECT $1, hash, NULL FROM unnest($2::text[]) AS hash`, [userId, hashes]);
        }),
      takeRecoveryCode: async (userId, hash, at) =>
        (await count(`UPDATE ${recovery} SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`, [userId, hash, at])) === 1,
      recoveryCodesLeft: async (userId) => {
        const [row] = await access.query<{ left: string }>(`SELECT count(*) AS left FROM ${recovery} WHERE user_id = $1 AND used_at IS NULL`, [userId]);
        return Number(row?.left ?? 0);
      },
      removeRecoveryCodes: (userId) => count(`DELETE FROM ${recovery} WHERE user_id = $1 RETURNING user_id`, [userId]),

      addPasskey: async (record) => {
        await access.query(`INSERT INTO ${passkeys} (${passkeyColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
          record.id,
          record.userId,
          record.name,
          record.publicKey,
          record.counter,
          record.transports,
          record.deviceType,
          record.backedUp,
          record.createdAt,
          record.lastUsedAt,
        ]);
      },
      passkey: async (id) => {
        const [row] = await access.query<PasskeyRow>(`SELECT ${passkeyColumns} FROM ${passkeys} WHERE id = $1`, [id]);
        return row && passkeyRecord(row);
      },
      passkeys: async (userId) =>
        (await access.query<PasskeyRow>(`SELECT ${passkeyColumns} FROM ${passkeys} WHERE user_id = $1 ORDER BY created_at, id`, [userId])).map(passkeyRecord),
      renamePasskey: async (userId, id, name) => (await count(`UPDATE ${passkeys} SET name = $3 WHERE user_id = $1 AND id = $2 RETURNING id`, [userId, id, name])) === 1,
      removePasskey: async (userId, id) => (await count(`DELETE FROM ${passkeys} WHERE user_id = $1 AND id = $2 RETURNING id`, [userId, id])) === 1,
      recordPasskeyUse: async (id, counter, at) => {
        await access.query(`UPDATE ${passkeys} SET counter = $2, last_used_at = $3 WHERE id = $1`, [id, counter, at]);
      },
      removePasskeys: (userId) => count(`DELETE FROM ${passkeys} WHERE user_id = $1 RETURNING id`, [userId]),

      putChallenge: async (record) => {
        await access.query(`INSERT INTO ${challenges} (key, kind, user_id, expires_at) VALUES ($1, $2, $3, $4)`, [record.key, record.kind, record.userId, record.expiresAt]);
      },
      findChallenge: async (key) => {
        const [row] = await access.query<ChallengeRow>(`SELECT key, kind, user_id, expires_at FROM ${challenges} WHERE key = $1`, [key]);
        return row && challengeRecord(row);
      },
      // DELETE ... RETURNING: of two requests taking one challenge, one gets the row.
      takeChallenge: async (key) => {
        const [row] = await access.query<ChallengeRow>(`DELETE FROM ${challenges} WHERE key = $1 RETURNING key, kind, user_id, expires_at`, [key]);
        return row && challengeRecord(row);
      },
      removeExpiredChallenges: (now) => count(`DELETE FROM ${challenges} WHERE expires_at <= $1 RETURNING key`, [now.toISOString()]),
    };
  },
};
