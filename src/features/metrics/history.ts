/**
 * The range a history request asks for: `from` and `to` (default: the last
 * 24 hours) and a resolution (default: the finest that keeps each series
 * within ~2,000 points), refused when it is empty or would need more than
 * maxPoints points a series.
 */
import { badRequest } from '../../errors.js';
import { resolutionNames, resolutions, type Resolution } from './buckets.js';

/** A week at one point a minute: the default retention at full resolution. */
export const maxPoints = 10_080;
/** What a resolution left to Gatehouse aims to stay within. */
export const defaultPointsTarget = 2_000;
export const defaultSpanMs = 24 * 3600_000;

export interface HistoryQuery {
  from?: string;
  to?: string;
  resolution?: Resolution;
}

export interface HistoryRange {
  from: Date;
  to: Date;
  resolution: Resolution;
}

/** How many points a series of the range has at most: one for each resolution-wide step of it. */
export function pointsIn(spanMs: number, resolution: Resolution): number {
  return Math.ceil(spanMs / (resolutions[resolution] * 1000));
}

export function historyRange(query: HistoryQuery, now: Date): HistoryRange {
  const to = query.to === undefined ? now : new Date(query.to);
  const from = query.from === undefined ? new Date(to.getTime() - defaultSpanMs) : new Date(query.from);
  const span = to.getTime() - from.getTime();
  if (span <= 0) throw badRequest('from must be before to', 'invalid_range');
  const resolution = query.resolution ?? resolutionNames.find((name) => pointsIn(span, name) <= defaultPointsTarget) ?? resolutionNames.at(-1)!;
  const points = pointsIn(span, resolution);
  if (points > maxPoints) {
    throw badRequest(
      `from ${from.toISOString()} to ${to.toISOString()} at ${resolution} is ${points} points a server, more than ${maxPoints}: ask for a shorter range or a coarser resolution`,
      'too_many_points',
    );
  }
  return { from, to, resolution };
}
