/** The backups' answers. */
import { t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';

export const backupReason = t.enum(['manual', 'scheduled', 'before restart', 'command line'] as const, { description: 'Why it was taken.' });
const step = t.enum(['pausing world saving', 'copying the worlds', 'copying the data', 'finishing'] as const);

export const runningBackup = t.object(
  {
    name: t.string({ description: 'The archive it is writing (listed only once complete).', example: 'gatehouse-main-2026-11-23-040000Z.zip' }),
    reason: backupReason,
    requestedBy: t.nullable(t.string()),
    startedAt: timestamp,
    step,
    files: t.integer({ description: 'Files copied so far.' }),
    bytes: t.integer({ description: 'Bytes copied so far (before compression).' }),
  },
  { description: 'The backup being taken.' },
);

export const backupItem = t.object({
  name: t.string({ example: 'gatehouse-main-2026-11-23-040000Z.zip' }),
  bytes: t.integer({ description: 'The archive’s size.' }),
  createdAt: timestamp,
  reason: t.nullable(backupReason),
  requestedBy: t.nullable(t.string()),
  gatehouseVersion: t.nullable(t.string({ description: 'The Gatehouse that made it; a restore refuses one newer than itself.' })),
  storage: t.nullable(t.enum(['json', 'postgresql'] as const, { description: 'On postgresql the database is not in it (pg_dump).' })),
  counts: t.nullable(
    t.object({ users: t.integer(), ledgerEntries: t.integer(), apiKeys: t.integer() }, { description: 'What the store held at the backup’s point; null on PostgreSQL.' }),
  ),
  worlds: t.array(t.string(), { description: 'The worlds in it.' }),
  worldsMissing: t.nullable(t.string({ description: 'Why no world is in it, when none is.' })),
  files: t.integer({ description: 'Files in it.' }),
  damaged: t.nullable(t.string({ description: 'Why it cannot be read (then the other fields are null or empty); null for a good one.' })),
});

export const backupsAnswer = t.object({
  success: t.literal(true),
  directory: t.string({ description: 'Where archives are written, on the machine Gatehouse runs on.' }),
  schedule: t.object({
    description: t.string({ example: 'daily at 04:00' }),
    next: t.nullable(timestamp),
  }),
  retention: t.object({ daily: t.integer(), weekly: t.integer() }),
  beforeRestart: t.boolean({ description: 'A backup is taken before each restart scheduled through the API.' }),
  running: t.nullable(runningBackup),
  lastFailure: t.nullable(
    t.object({ name: t.string(), reason: backupReason, startedAt: timestamp, error: t.string() }, { description: 'The last backup that failed, until one succeeds.' }),
  ),
  backups: t.array(backupItem, { description: 'Newest first; only complete archives.' }),
});

export const startedAnswer = t.object({ success: t.literal(true), message: t.string(), backup: runningBackup });

export const deletedAnswer = t.object({ success: t.literal(true), message: t.string() });
