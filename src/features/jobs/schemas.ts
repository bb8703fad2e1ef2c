/** Bodies, queries and answers of the jobs endpoints. Money is a number with at most two decimals. */
import { t } from '../../lib/schema.js';

export const jobId = t.string({ pattern: '^[a-z][a-z0-9_-]{0,31}$', 'x-message': 'must be a job id (a lower-case word, like miner)', example: 'miner' });

export const jobBody = t.object({ job: jobId });

export const jobQuery = t.object({ job: jobId });

const jobSummary = t.object({
  id: t.string({ example: 'miner' }),
  name: t.string({ example: 'Miner' }),
  description: t.string(),
  workers: t.integer({ description: 'How many players work this job now.' }),
  joined: t.boolean({ description: 'Whether the caller works this job.' }),
});

export const jobsAnswer = t.object({
  success: t.literal(true),
  jobs: t.array(jobSummary),
  maxPerPlayer: t.integer({ description: 'How many jobs one player may work at once.' }),
});

const payEntry = t.object({ id: t.string({ example: 'stone' }), money: t.number({ description: 'At level 1.' }), experience: t.integer() });

export const detailsAnswer = t.object({
  success: t.literal(true),
  job: t.object({
    id: t.string(),
    name: t.string(),
    description: t.string(),
    workers: t.integer(),
    dailyCap: t.nullable(t.number({ description: 'The most one player earns from this job in a UTC day; null: no cap.' })),
  }),
  pays: t.object({ blockBroken: t.array(payEntry), entityKilled: t.array(payEntry) }),
  levels: t.array(
    t.object({
      level: t.integer(),
      experience: t.integer({ description: 'The total experience at which the level starts.' }),
      multiplier: t.number({ description: 'What pay at this level is multiplied by.' }),
    }),
  ),
  you: t.nullable(
    t.object(
      {
        joined: t.boolean(),
        level: t.integer(),
        experience: t.integer(),
        nextLevelAt: t.nullable(t.integer({ description: 'The total experience of the next level; null at the last.' })),
        multiplier: t.number(),
        earnedToday: t.number({ description: 'Earned from this job today (UTC).' }),
        capLeft: t.nullable(t.number({ description: 'What is left of the daily cap; null: no cap.' })),
        cooldownUntil: t.nullable(t.string({ format: 'date-time', description: 'When the caller may join again after leaving; null when they may now.' })),
      },
      { description: "The caller's standing; null for the service account." },
    ),
  ),
});

export const joinedAnswer = t.object({
  success: t.literal(true),
  message: t.string(),
  job: t.string(),
  jobs: t.array(t.string(), { description: 'The jobs the caller works now.' }),
  experience: t.integer({ description: 'The experience in this job; leaving keeps it for a later rejoin.' }),
});
