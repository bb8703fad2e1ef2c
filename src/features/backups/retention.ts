/**
 * Which archives a backup's retention keeps: the newest of each of the last
 * `daily` days that have one, and the newest of each of the last `weekly`
 * weeks (Monday to Sunday) that have one, days and weeks in local time, as
 * the schedule's time of day is. Everything else goes. `daily` and `weekly`
 * both 0 keeps everything: retention is off.
 */
export interface Dated {
  name: string;
  createdAt: Date;
}

export function archivesToDelete<A extends Dated>(archives: readonly A[], daily: number, weekly: number): A[] {
  if (daily === 0 && weekly === 0) return [];
  const newestFirst = [...archives].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const kept = new Set<A>();
  const keepNewestOf = (periodOf: (date: Date) => string, periods: number) => {
    const seen = new Set<string>();
    for (const archive of newestFirst) {
      const period = periodOf(archive.createdAt);
      if (seen.has(period)) continue;
      if (seen.size === periods) break;
      seen.add(period);
      kept.add(archive);
    }
  };
  keepNewestOf(localDay, daily);
  keepNewestOf(localWeek, weekly);
  return newestFirst.filter((archive) => !kept.has(archive));
}

function localDay(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** The local date of the Monday starting the date's week. */
function localWeek(date: Date): string {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7));
  return localDay(monday);
}
