/** The leaderboard endpoint's query and answer. */
import { t } from '../../lib/schema.js';
import { pageQuery, paginationObject, timestamp } from '../common/schemas.js';
import { jobId } from '../jobs/schemas.js';

export const boardTypes = ['balance', 'jobs', 'playtime'] as const;

const rankedEntry = t.object({
  rank: t.integer({ description: 'Equal values share a rank; the next rank skips (1, 2, 2, 4).' }),
  player: t.string(),
  value: t.number({ description: 'Money for balance, experience for jobs, seconds for playtime.' }),
  level: t.optional(t.integer({ description: "Jobs boards: the player's level in the job." })),
});

export const leaderboardQuery = t.object({
  type: t.enum(boardTypes),
  job: t.optional(jobId),
  ...pageQuery({ default: 10, max: 100 }),
});

export const leaderboardAnswer = t.object({
  success: t.literal(true),
  type: t.enum(boardTypes),
  job: t.nullable(t.string()),
  unit: t.enum(['money', 'experience', 'seconds'] as const),
  entries: t.array(rankedEntry),
  you: t.nullable(rankedEntry),
  pagination: paginationObject,
  updatedAt: timestamp,
});
