import { badRequest, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { asciiLowerCase } from '../../lib/ascii.js';
import { t } from '../../lib/schema.js';
import { pageQuery, pagination, paginationObject, timestamp } from '../common/schemas.js';
import { fromCents } from '../economy/money.js';
import { defineFeature } from '../feature.js';
import { jobId } from '../jobs/schemas.js';
import type { RankedStanding, Standing } from './board.js';
import { PlaytimeTally } from './playtime.js';
import { LeaderboardService } from './service.js';

declare module '../services.js' {
  interface Services {
    leaderboards: LeaderboardService;
  }
}

/** How long a board is served before it must be rebuilt. */
const boardTtlMs = 30_000;

const boardTypes = ['balance', 'jobs', 'playtime'] as const;
const units = { balance: 'money', jobs: 'experience', playtime: 'seconds' } as const;

const rankedEntry = t.object({
  rank: t.integer({ description: 'Equal values share a rank; the next rank skips (1, 2, 2, 4).' }),
  player: t.string(),
  value: t.number({ description: 'Money for balance, experience for jobs, seconds for playtime.' }),
  level: t.optional(t.integer({ description: "Jobs boards: the player's level in the job." })),
});

/**
 * The leaderboard group: who is on top by balance, by a job's experience,
 * or by time played; the caller's own rank even off the page. Boards are
 * cached ("leaderboards" in the cache endpoints) and rebuilt in the
 * background (see LeaderboardService).
 */
export const leaderboardFeature = defineFeature({
  name: 'leaderboard',
  create: ({ store, game, services, caches, now, log }) => {
    const economy = services.get('economy');
    const jobs = services.get('jobs');
    const playtime = new PlaytimeTally(store.connectionLog, game, now().getTime(), () => now().getTime());
    let playtimeRead: Promise<void> | undefined;
    const leaderboards = new LeaderboardService(
      caches,
      (name) => {
        if (name === 'balance') return async () => mapped(await economy.balances(), (account) => ({ key: account.uuid, player: account.name, value: account.cents }));
        if (name === 'playtime') {
          return async () => {
            await playtimeRead;
            return playtime.standings();
          };
        }
        const job = name.startsWith('jobs:') ? jobs.catalogue.get(name.slice('jobs:'.length)) : undefined;
        if (!job) return undefined;
        return () => mapped(jobs.workersWithExperience(job), ({ player, experience, level }) => ({ key: player.uuid, player: player.name, value: experience, level }));
      },
      { ttlMs: boardTtlMs, now: () => now().getTime(), logError: log.error },
    );
    services.provide('leaderboards', leaderboards);

    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/leaderboard',
          access: 'login',
          summary: "Who is on top by balance, by a job's experience (job=<id>) or by time played, with the caller's own rank even off the page",
          query: t.object({
            type: t.enum(boardTypes),
            job: t.optional(jobId),
            ...pageQuery({ default: 10, max: 100 }),
          }),
          answer: t.object({
            success: t.literal(true),
            type: t.enum(boardTypes),
            job: t.nullable(t.string()),
            unit: t.enum(['money', 'experience', 'seconds'] as const),
            entries: t.array(rankedEntry),
            you: t.nullable(rankedEntry),
            pagination: paginationObject,
            updatedAt: timestamp,
          }),
          errors: { 400: 'type jobs without a job, or a job with another type', 404: 'No such job', 503: 'type balance with no economy (economy.provider none)' },
          handle: async (request) => {
            const { type, job, page, limit } = request.query;
            if (type === 'jobs' && job === undefined) throw badRequest('job is required with type jobs', 'invalid_field');
            if (type !== 'jobs' && job !== undefined) throw badRequest(`job is only for type jobs, not ${type}`, 'invalid_field');
            if (type === 'jobs') jobs.requireJob(job!, notFound);
            if (type === 'balance') economy.requireProvider();
            const board = await leaderboards.board(type === 'jobs' ? `jobs:${job}` : type);
            const caller = request.caller.kind === 'user' ? request.caller.user : undefined;
            const callerKey = caller && (type === 'playtime' ? asciiLowerCase(caller.gameUsername) : caller.gameUuid);
            const present = (standing: RankedStanding) => ({
              rank: standing.rank,
              player: standing.player,
              value: type === 'balance' ? fromCents(standing.value) : standing.value,
              ...(standing.level !== undefined ? { level: standing.level } : {}),
            });
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
      ],
      start: () => {
        leaderboards.start();
        // Read once, in the background; a playtime board asked for before it ends waits for it.
        playtimeRead = playtime.load().catch((error: Error) => log.error(`leaderboard: the connection log could not be read for playtime: ${error.message}`));
      },
      stop: () => leaderboards.stop(),
    };
  },
});

function* mapped<A>(items: Iterable<A>, map: (item: A) => Standing): Iterable<Standing> {
  for (const item of items) yield map(item);
}
