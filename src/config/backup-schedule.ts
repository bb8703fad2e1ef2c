/**
 * `backups.schedule` of config.yml: `off`, a time of day (`04:00`, this
 * machine's local time), or an interval (`every 6h`, `every 30m`).
 */
export type BackupSchedule = { kind: 'off' } | { kind: 'daily'; hour: number; minute: number } | { kind: 'every'; minutes: number };

/** The schedule the text says, or undefined when it says none of the three. */
export function parseBackupSchedule(text: string): BackupSchedule | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'off') return { kind: 'off' };
  const daily = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (daily) return { kind: 'daily', hour: Number(daily[1]), minute: Number(daily[2]) };
  const every = /^every\s+(\d{1,5})\s*(m|h)$/.exec(value);
  if (every) {
    const minutes = Number(every[1]) * (every[2] === 'h' ? 60 : 1);
    // At least every 5 minutes, at most every 31 days.
    if (minutes >= 5 && minutes <= 31 * 24 * 60) return { kind: 'every', minutes };
  }
  return undefined;
}
