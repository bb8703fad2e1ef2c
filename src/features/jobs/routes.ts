/** The jobs group's routes: the jobs, a job's details and the caller's standing in it, joining and leaving. */
import { notFound } from '../../errors.js';
import type { PlayerRef } from '../../game/port.js';
import { route, type Route, type RouteRequest } from '../../http/route.js';
import { fromCents } from '../common/money.js';
import { jobSummary, payTable } from './answers.js';
import { basisPointsPerUnit } from './levels.js';
import { detailsAnswer, jobBody, jobQuery, jobsAnswer, joinedAnswer } from './schemas.js';
import type { JobsService } from './service.js';

/** The caller's player; the service account has none. */
function playerOf(request: RouteRequest<unknown, unknown>): PlayerRef | undefined {
  return request.caller.kind === 'user' ? { name: request.caller.user.gameUsername, uuid: request.caller.user.gameUuid } : undefined;
}

/** `maxPerPlayer`: how many jobs one player may work at once (jobs.max-per-player). */
export function jobsRoutes(jobs: JobsService, maxPerPlayer: number): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/jobs',
      access: 'login',
      scope: 'jobs:read',
      summary: 'Every job with its description, how many players work it, and whether the caller does',
      answer: jobsAnswer,
      handle: (request) => {
        const player = playerOf(request);
        return { success: true as const, jobs: [...jobs.catalogue.jobs.values()].map((job) => jobSummary(jobs, job, player)), maxPerPlayer: maxPerPlayer };
      },
    }),
    route({
      method: 'GET',
      path: '/api/jobs/details',
      access: 'login',
      summary: "A job's payout table and level curve, and the caller's level, experience, earnings today and what is left of the daily cap",
      query: jobQuery,
      answer: detailsAnswer,
      errors: { 404: 'No such job' },
      errorFields: { unknown_job: 'job' },
      handle: (request) => {
        const job = jobs.requireJob(request.query.job, notFound);
        const player = playerOf(request);
        const standing = player && jobs.standing(player.uuid, job);
        return {
          success: true as const,
          job: { id: job.id, name: job.name, description: job.description, workers: jobs.workersOf(job.id), dailyCap: job.dailyCapCents > 0 ? fromCents(job.dailyCapCents) : null },
          pays: { blockBroken: payTable(job.blockBroken), entityKilled: payTable(job.entityKilled) },
          levels: job.levels.table(),
          you: standing
            ? {
                joined: standing.joined,
                level: standing.level,
                experience: standing.experience,
                nextLevelAt: job.levels.experienceFor(standing.level + 1) ?? null,
                multiplier: job.levels.multiplierBasisPoints(standing.level) / basisPointsPerUnit,
                earnedToday: fromCents(standing.earnedTodayCents),
                capLeft: job.dailyCapCents > 0 ? fromCents(Math.max(0, job.dailyCapCents - standing.earnedTodayCents)) : null,
                cooldownUntil: standing.cooldownUntil,
              }
            : null,
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/jobs/join',
      access: 'login',
      summary: 'Join a job; work in game pays from then on',
      body: jobBody,
      answer: joinedAnswer,
      errors: {
        400: 'No such job, or the caller works it already',
        403: 'The service account has no player',
        409: 'The caller works as many jobs as one may (jobs.max-per-player), or left this job too recently (the answer says when the wait ends; Retry-After)',
      },
      errorFields: { unknown_job: 'job', already_joined: 'job' },
      handle: async (request) => {
        const user = request.user();
        const player = { name: user.gameUsername, uuid: user.gameUuid };
        const job = await jobs.join(player, request.body.job);
        return {
          success: true as const,
          message: `You now work as ${job.name}`,
          job: job.id,
          jobs: jobs.joinedJobs(player.uuid),
          experience: jobs.standing(player.uuid, job).experience,
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/jobs/leave',
      access: 'login',
      summary: 'Leave a job; its experience is kept for a later rejoin',
      body: jobBody,
      answer: joinedAnswer,
      errors: { 400: 'No such job, or the caller does not work it', 403: 'The service account has no player' },
      errorFields: { unknown_job: 'job', not_joined: 'job' },
      handle: async (request) => {
        const user = request.user();
        const player = { name: user.gameUsername, uuid: user.gameUuid };
        const job = await jobs.leave(player, request.body.job);
        const experience = jobs.standing(player.uuid, job).experience;
        return {
          success: true as const,
          message: `You left ${job.name}; your ${experience.toLocaleString('en-US')} experience is kept for when you join again`,
          job: job.id,
          jobs: jobs.joinedJobs(player.uuid),
          experience,
        };
      },
    }),
  ];
}
