/** The metrics history's query and answer (GET /metrics answers Prometheus text, which has no schema). */
import { t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';
import { resolutionNames } from './buckets.js';
import { maxPoints } from './history.js';

const instant = (description: string) => t.string({ format: 'date-time', 'x-message': 'must be a date and time (ISO 8601, e.g. 2026-11-24T18:00:00Z)', description });

export const historyQuery = t.object({
  from: t.optional(instant("The range's start (inclusive). Default: 24 hours before `to`.")),
  to: t.optional(instant("The range's end (exclusive). Default: now.")),
  resolution: t.optional(
    t.enum(resolutionNames, {
      'x-message': `must be one of ${resolutionNames.join(', ')}`,
      description: `The width of a point. Default: the finest that keeps a series within 2,000 points. At most ${maxPoints} points a series.`,
    }),
  ),
});

/**
 * A server's series as columns, one entry a bucket that has samples, oldest
 * first, every column as long as `at`: the shape a chart library takes (uPlot's
 * data is one array a series), and a third of the size of an object a point
 * (a week at one minute is 0.7 MB rather than 1.9).
 */
const series = t.object({
  server: t.string({ description: "The server's server.id." }),
  at: t.array(t.string({ format: 'date-time' }), {
    description: "Each bucket's start (a multiple of the resolution since the epoch: a day starts at 00:00 UTC), oldest first; buckets without a sample are left out.",
  }),
  samples: t.array(t.integer({ minimum: 1 }), { description: 'How many one-minute samples each bucket holds.' }),
  playersOnline: t.array(t.nullable(t.integer()), { description: 'The most players online at once on this server; null when the game was away for the whole bucket.' }),
  ticksPerSecond: t.array(t.nullable(t.number()), { description: 'The average of the one-minute ticks per second; null where the game cannot tell.' }),
  memoryUsedBytes: t.array(t.nullable(t.integer()), {
    description: "The average of the game's used memory; null where the game does not report it (the embedded server is Gatehouse's own process).",
  }),
  memoryMaxBytes: t.array(t.nullable(t.integer()), { description: "The largest of the game's maximum memory; null as above." }),
  gatehouseRssBytes: t.array(t.integer(), { description: "The average of Gatehouse's resident memory." }),
  requests: t.array(t.integer(), { description: 'API requests answered in each bucket (the sum).' }),
});

export const historyAnswer = t.object({
  success: t.literal(true),
  from: timestamp,
  to: timestamp,
  resolution: t.enum(resolutionNames),
  servers: t.array(series, { description: 'Every server with samples in the range, by server.id (on a network, every server of it).' }),
});
