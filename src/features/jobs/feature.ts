import { notFound } from '../../errors.js';
import type { PlayerRef } from '../../game/port.js';
import { route, type RouteRequest } from '../../http/route.js';
import { partImplementations } from '../../store/part-implementations.js';
import { chatColours } from '../chat/feature.js';
import { formatMoney, fromCents } from '../economy/money.js';
import { defineFeature } from '../feature.js';
import { loadJobs, type Job } from './catalogue.js';
import { jsonJobsPart } from './store-json.js';
import { postgresJobsPart } from './store-postgres.js';
import { jobsPart } from './store.js';
import { basisPointsPerUnit } from './levels.js';
import { detailsAnswer, jobBody, jobQuery, jobsAnswer, joinedAnswer } from './schemas.js';
import { JobsService, type JobsNotices } from './service.js';

declare module '../services.js' {
  interface Services {
    jobs: JobsService;
  }
}

/** The caller's player; the service account has none. */
function playerOf(request: RouteRequest<unknown, unknown>): PlayerRef | undefined {
  return request.caller.kind === 'user' ? { name: request.caller.user.gameUsername, uuid: request.caller.user.gameUuid } : undefined;
}

/**
 * The jobs group: jobs from jobs.yml, joined and left on the web, paid for
 * blocks broken and entities killed in game (see JobsService and Payouts);
 * level-ups told in game and posted to the chat webhook.
 */
export const jobsFeature = defineFeature({
  name: 'jobs',
  storeParts: [partImplementations({ part: jobsPart, json: jsonJobsPart, postgres: postgresJobsPart })],
  create: async ({ config, store, game, services, texts, now, log }) => {
    // jobs.yml sits beside config.yml, as messages.yml does.
    const catalogue = await loadJobs(config.jobsFile);
    const economy = services.get('economy');
    const chat = services.get('chatEvents');
    const settings = services.get('settings');
    const tell = (player: PlayerRef, text: string) => {
      // A player who left meanwhile misses the message; nothing else depends on it.
      game.capability('messaging')?.sendMessage(player.name, text).catch(() => undefined);
    };
    const notices: JobsNotices = {
      levelUp: (player, job, level) => {
        const multiplier = (job.levels.multiplierBasisPoints(level) / basisPointsPerUnit).toFixed(2);
        tell(player, texts.render('jobs.level-up', { job: job.name, level, multiplier }));
        chat.post({ title: 'Job level up', description: `${player.name} reached level ${level} as ${job.name}`, color: chatColours.announcement });
      },
      dailyCapReached: (player, job) => tell(player, texts.render('jobs.daily-cap', { job: job.name, cap: formatMoney(job.dailyCapCents, settings.get().economy.currencySymbol) })),
    };
    const jobs = new JobsService(
      store,
      economy,
      catalogue,
      {
        maxPerPlayer: config.jobs.maxPerPlayer,
        rejoinCooldownMs: config.jobs.rejoinCooldownMs,
        payoutIntervalMs: config.jobs.payoutIntervalMs,
        placedBlocksLimit: config.jobs.placedBlocksRemembered,
        paysMoney: config.economy.provider !== 'none',
      },
      notices,
      now,
      log.error,
    );
    await jobs.load();
    services.provide('jobs', jobs);

    // A failure on one event must cost that event only, never the adapter that emitted it.
    const guarded =
      <E>(handle: (event: E) => void) =>
      (event: E) => {
        try {
          handle(event);
        } catch (error) {
          log.error(`jobs: an event could not be counted: ${(error as Error).stack ?? String(error)}`);
        }
      };
    game.events.on('blockPlaced', guarded((event) => jobs.blockPlaced(event)));
    game.events.on('blockBroken', guarded((event) => jobs.blockBroken(event)));
    game.events.on('entityKilled', guarded((event) => jobs.entityKilled(event)));
    const missing = (['blockBroken', 'blockPlaced', 'entityKilled'] as const).filter((event) => !game.emits.has(event));
    if (missing.length > 0) log.info(`jobs: this game adapter (${game.adapterName}) does not tell ${missing.join(', ')}; jobs pay only for what it tells`);

    const money = (cents: number) => fromCents(cents);
    const summary = (job: Job, player: PlayerRef | undefined) => ({
      id: job.id,
      name: job.name,
      description: job.description,
      workers: jobs.workersOf(job.id),
      joined: player ? jobs.hasJoined(player.uuid, job.id) : false,
    });
    const payTable = (entries: Job['blockBroken']) => [...entries.values()].map((entry) => ({ id: entry.id, money: money(entry.cents), experience: entry.experience }));

    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/jobs',
          access: 'login',
          summary: 'Every job with its description, how many players work it, and whether the caller does',
          answer: jobsAnswer,
          handle: (request) => {
            const player = playerOf(request);
            return { success: true as const, jobs: [...catalogue.jobs.values()].map((job) => summary(job, player)), maxPerPlayer: config.jobs.maxPerPlayer };
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
          handle: (request) => {
            const job = jobs.requireJob(request.query.job, notFound);
            const player = playerOf(request);
            const standing = player && jobs.standing(player.uuid, job);
            return {
              success: true as const,
              job: { id: job.id, name: job.name, description: job.description, workers: jobs.workersOf(job.id), dailyCap: job.dailyCapCents > 0 ? money(job.dailyCapCents) : null },
              pays: { blockBroken: payTable(job.blockBroken), entityKilled: payTable(job.entityKilled) },
              levels: job.levels.table(),
              you: standing
                ? {
                    joined: standing.joined,
                    level: standing.level,
                    experience: standing.experience,
                    nextLevelAt: job.levels.experienceFor(standing.level + 1) ?? null,
                    multiplier: job.levels.multiplierBasisPoints(standing.level) / basisPointsPerUnit,
                    earnedToday: money(standing.earnedTodayCents),
                    capLeft: job.dailyCapCents > 0 ? money(Math.max(0, job.dailyCapCents - standing.earnedTodayCents)) : null,
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
          handle: async (request) => {
            const user = request.user();
            const player = { name: user.gameUsername, uuid: user.gameUuid };
            const job = await jobs.join(player, request.body.job);
            return { success: true as const, message: `You now work as ${job.name}`, job: job.id, jobs: jobs.joinedJobs(player.uuid), experience: jobs.standing(player.uuid, job).experience };
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
      ],
      start: () => jobs.start(),
      stop: () => jobs.stop(),
    };
  },
});
