/** When the next scheduled backup is due (backups.schedule: a time of day in local time, or an interval). */
import type { BackupSchedule } from '../../config/backup-schedule.js';

/**
 * The next time after `now` a backup is due, or null when the schedule is
 * off. An interval counts from the last backup (so a restart of Gatehouse
 * does not push it back), or from `now` when there was none.
 */
export function nextBackupAt(schedule: BackupSchedule, now: Date, lastBackupAt: Date | null): Date | null {
  if (schedule.kind === 'off') return null;
  if (schedule.kind === 'every') {
    const from = lastBackupAt && lastBackupAt.getTime() <= now.getTime() ? lastBackupAt : now;
    const due = new Date(from.getTime() + schedule.minutes * 60_000);
    // Overdue (Gatehouse was stopped past it): take it now.
    return due.getTime() <= now.getTime() ? now : due;
  }
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), schedule.hour, schedule.minute);
  if (today.getTime() > now.getTime()) return today;
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, schedule.hour, schedule.minute);
}

/** Describes the schedule for the start-up line and the console. */
export function describeSchedule(schedule: BackupSchedule): string {
  if (schedule.kind === 'off') return 'off';
  if (schedule.kind === 'every') return schedule.minutes % 60 === 0 ? `every ${schedule.minutes / 60} h` : `every ${schedule.minutes} min`;
  return `daily at ${String(schedule.hour).padStart(2, '0')}:${String(schedule.minute).padStart(2, '0')}`;
}
