/** The leaderboard group's route: a board's page, and the caller's own rank even off the page. */
import { invalidField, notFound } from '../../errors.js';
import { route, type Route } from '../../http/route.js';
import { asciiLowerCase } from '../../lib/ascii.js';
import { pagination } from '../common/schemas.js';
import type { Services } from '../services.js';
import { standingAnswer } from './answers.js';
import type { RankedStanding } from './board.js';
import { leaderboardAnswer, leaderboardQuery } from './schemas.js';
import type { LeaderboardService } from './service.js';

const units = { balance: 'money', jobs: 'experience', playtime: 'seconds' } as const;

export function leaderboardRoutes(leaderboards: LeaderboardService, economy: Services['economy'], jobs: Services['jobs']): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/leaderboard',
      access: 'login',
      scope: 'players:read',
      summary: "Who is on top by balance, by a job's experience (job=<id>) or by time played, with the caller's own rank even off the page",
      query: leaderboardQuery,
      answer: leaderboardAnswer,
      errors: { 400: 'type jobs without a job, or a job with another type', 404: 'No such job', 503: 'type balance with no economy (economy.provider none)' },
      errorFields: { unknown_job: 'job' },
      handle: async (request) => {
        const { type, job, page, limit } = request.query;
        if (type === 'jobs' && job === undefined) throw invalidField('job', 'job is required with type jobs');
        if (type !== 'jobs' && job !== undefined) throw invalidField('job', `job is only for type jobs, not ${type}`);
        if (type === 'jobs') jobs.requireJob(job!, notFound);
        if (type === 'balance') economy.requireProvider();
        const board = await leaderboards.board(type === 'jobs' ? `jobs:${job}` : type);
        const caller = request.caller.kind === 'user' ? request.caller.user : undefined;
        const callerKey = caller && (type === 'playtime' ? asciiLowerCase(caller.gameUsername) : caller.gameUuid);
        const present = (standing: RankedStanding) => standingAnswer(standing, type);
        const own = callerKey === undefined ? undefined : board.find(callerKey);
        return {
          success: true as const,
          type,
          job: job ?? null,
          unit: units[type],
          entries: board.page(page, limit).map(present),
          you: own ? present(own) : null,
          pagination: pagination(page, limit, board.size),
          updatedAt: new Date(board.builtAt).toISOString(),
        };
      },
    }),
  ];
}
