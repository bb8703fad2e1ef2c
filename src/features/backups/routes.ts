/** The backups in the console: the list, "back up now", the download and the deletion of an archive (admins; audited). */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { BackupSchedule } from '../../config/backup-schedule.js';
import { notFound } from '../../errors.js';
import { reply, route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { AuditTrail } from '../audit/service.js';
import { backupItemOf, failureOf, runningBackupOf } from './answers.js';
import { describeSchedule, nextBackupAt } from './schedule.js';
import { backupsAnswer, deletedAnswer, startedAnswer } from './schemas.js';
import type { BackupService } from './service.js';

export interface BackupSettings {
  directory: string;
  schedule: BackupSchedule;
  keepDaily: number;
  keepWeekly: number;
  beforeRestart: boolean;
}

export function backupsRoutes(backups: BackupService, settings: BackupSettings, audit: AuditTrail, now: () => Date): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/backups',
      access: 'admin',
      scope: 'backups:read',
      summary: 'The backup archives with their size and contents, the backup being taken, the schedule and retention',
      answer: backupsAnswer,
      handle: async () => {
        const archives = await backups.list();
        const running = backups.running();
        const failure = backups.failure();
        return {
          success: true as const,
          directory: settings.directory,
          schedule: { description: describeSchedule(settings.schedule), next: nextBackupAt(settings.schedule, now(), archives[0]?.createdAt ?? null)?.toISOString() ?? null },
          retention: { daily: settings.keepDaily, weekly: settings.keepWeekly },
          beforeRestart: settings.beforeRestart,
          running: running && runningBackupOf(running),
          lastFailure: failure && failureOf(failure),
          backups: archives.map(backupItemOf),
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/backups',
      access: 'admin',
      scope: 'backups:write',
      summary: 'Back up now: starts a backup of the data and the world, and answers at once (GET shows its progress, then the archive)',
      status: 202,
      answer: startedAnswer,
      errors: { 409: 'A backup is being taken already (code backup_running)' },
      handle: async (request) => {
        const actor = request.actor();
        const { backup, done } = await backups.start('manual', actor.name);
        // Its outcome is logged and emitted by the service; the request does not wait for it.
        done.catch(() => undefined);
        await audit.record(actor, 'backup.create', { name: backup.name });
        return reply({ success: true as const, message: `Backup ${backup.name} started`, backup: runningBackupOf(backup) }, { status: 202 });
      },
    }),
    route({
      method: 'GET',
      path: '/api/admin/backups/:name',
      access: 'admin',
      scope: 'backups:admin',
      personalAnswer: true,
      summary: 'Download a backup archive (a zip: every account, e-mail and address of the store, and the world)',
      answer: t.unknown({ description: 'The archive, a zip file.' }),
      answerType: 'application/zip',
      errors: { 404: 'No archive of that name (code backup_not_found)' },
      handle: async (request) => {
        const name = request.params.name ?? '';
        const { file, size } = await archiveNamed(backups, name);
        await audit.record(request.actor(), 'backup.download', { name, bytes: size });
        return reply(createReadStream(file), {
          headers: { 'Content-Length': String(size), 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' },
        });
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/backups/:name',
      access: 'admin',
      scope: 'backups:admin',
      summary: 'Delete a backup archive (retention deletes old ones by itself)',
      answer: deletedAnswer,
      errors: { 404: 'No archive of that name (code backup_not_found)' },
      handle: async (request) => {
        const name = request.params.name ?? '';
        const { size } = await archiveNamed(backups, name);
        await backups.archives.remove(name);
        await audit.record(request.actor(), 'backup.delete', { name, bytes: size });
        return { success: true as const, message: `Backup ${name} deleted` };
      },
    }),
  ];
}

/** The archive of that name with its size, or 404 `backup_not_found`. */
async function archiveNamed(backups: BackupService, name: string): Promise<{ file: string; size: number }> {
  const file = await backups.archives.find(name);
  if (!file) throw notFound(`No backup archive is named ${JSON.stringify(name.slice(0, 80))}`, 'backup_not_found');
  return { file, size: (await stat(file)).size };
}
