/**
 * Axes a person reads at a glance: values in even round steps (1, 2 or 5
 * times a power of ten) from a round bottom to a round top, and times at a
 * step that suits the span (seconds for a few seconds, hours for a day, days
 * for a month), labelled as a clock or a calendar says them, far enough
 * apart not to touch, with the date under the first label and where the day
 * changes.
 */

/** The round step nearest above `rough`: 1, 2 or 5 times a power of ten (a count of players never steps by 2.5). */
export function roundStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const multiple = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return multiple * power;
}

export interface ValueAxis {
  min: number;
  max: number;
  step: number;
}

/**
 * From a multiple of a round step at or below `low` to one at or above
 * `high`, in about `steps` steps. One value alone (a balance that never
 * moved) gets a step of room on either side.
 */
export function valueAxis(low: number, high: number, steps = 4): ValueAxis {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return { min: 0, max: 1, step: 1 };
  const flat = high - low < 1e-9;
  const step = roundStep(flat ? Math.max(Math.abs(high), 1) / steps : (high - low) / steps);
  let min = Math.floor(low / step + 1e-9) * step;
  let max = Math.ceil(high / step - 1e-9) * step;
  if (flat) {
    // Room around a line that never moved, and never below zero for a value that is not.
    min = low >= 0 ? Math.max(0, min - step) : min - step;
    max += step;
  }
  return { min: tidy(min, step), max: tidy(max, step), step };
}

/** The values of the axis's steps, bottom to top. */
export function valueTicks(axis: ValueAxis): number[] {
  const ticks: number[] = [];
  for (let index = 0; index <= Math.round((axis.max - axis.min) / axis.step) && index <= 100; index += 1) ticks.push(tidy(axis.min + index * axis.step, axis.step));
  return ticks;
}

/** Without the float dust of adding steps (0.1 + 0.2). */
function tidy(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(value.toFixed(decimals));
}

const minute = 60;
const hour = 3600;
const day = 86_400;

/** Steps of time a clock or a calendar counts in, in seconds (a month and a year as uPlot counts them). */
export const timeSteps = [
  1,
  2,
  5,
  10,
  15,
  30,
  minute,
  2 * minute,
  5 * minute,
  10 * minute,
  15 * minute,
  30 * minute,
  hour,
  2 * hour,
  3 * hour,
  6 * hour,
  12 * hour,
  day,
  2 * day,
  7 * day,
  14 * day,
  30 * day,
  91 * day,
  365 * day,
];

/** The least room between two time labels, in CSS pixels: the widest of them ("12:59:59 PM") and a gap. */
export const timeLabelSpace = 96;

/** Labels of times `at` (seconds since the epoch) a `step` apart, in the reader's language and time zone. */
export function timeLabels(at: number[], step: number): string[] {
  return at.map((seconds, index) => {
    const when = new Date(seconds * 1000);
    if (step >= 365 * day) return String(when.getFullYear());
    if (step >= day) return when.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
    const time = when.toLocaleTimeString(undefined, step < minute ? { hour: 'numeric', minute: '2-digit', second: '2-digit' } : { hour: 'numeric', minute: '2-digit' });
    const before = index > 0 ? new Date(at[index - 1]! * 1000) : undefined;
    // The date under the first label and wherever the day changes, so a time is never read on the wrong day.
    return before && before.toDateString() === when.toDateString() ? time : `${time}\n${when.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}`;
  });
}
