/**
 * ISO weeks (Monday to Sunday, UTC), named `2026-W48`: the weekly offers'
 * rotation and their per-player limits count by them.
 */
const dayMs = 86_400_000;

/** The Monday 00:00 UTC that begins ISO week 1 of `year` (the week holding January 4th). */
function weekOneMonday(year: number): number {
  const fourth = Date.UTC(year, 0, 4);
  return fourth - ((new Date(fourth).getUTCDay() + 6) % 7) * dayMs;
}

export function isoWeekOf(date: Date): string {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  // The week's Thursday decides its year.
  const thursday = day + (3 - ((new Date(day).getUTCDay() + 6) % 7)) * dayMs;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - weekOneMonday(year)) / (7 * dayMs)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** When an ISO week begins (its Monday, 00:00 UTC). */
export function weekStart(week: string): Date {
  const [year, number] = week.split('-W').map(Number) as [number, number];
  return new Date(weekOneMonday(year) + (number - 1) * 7 * dayMs);
}

/** When an ISO week ends: the next Monday, 00:00 UTC. */
export function weekEnd(week: string): Date {
  return new Date(weekStart(week).getTime() + 7 * dayMs);
}
