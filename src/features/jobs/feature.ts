import type { PlayerRef } from '../../game/port.js';
import { partImplementations } from '../../store/part-implementations.js';
import { chatColours } from '../chat/colours.js';
import { formatMoney } from '../common/money.js';
import { defineFeature } from '../feature.js';
import { loadJobs } from './catalogue.js';
import { basisPointsPerUnit } from './levels.js';
import { jobsRoutes } from './routes.js';
import { JobsService, type JobsNotices } from './service.js';
import { jobsPart } from './store.js';
import { jsonJobsPart } from './store-json.js';
import { postgresJobsPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    jobs: JobsService;
  }
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
      game
        .capability('messaging')
        ?.sendMessage(player.name, text)
        .catch(() => undefined);
    };
    const notices: JobsNotices = {
      levelUp: (player, job, level) => {
        const multiplier = (job.levels.multiplierBasisPoints(level) / basisPointsPerUnit).toFixed(2);
        tell(player, texts.render('jobs.level-up', { job: job.name, level, multiplier }));
        chat.post({ title: 'Job level up', description: `${player.name} reached level ${level} as ${job.name}`, color: chatColours.announcement });
      },
      dailyCapReached: (player, job) =>
        tell(player, texts.render('jobs.daily-cap', { job: job.name, cap: formatMoney(job.dailyCapCents, settings.read().economy.currencySymbol) })),
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
    game.events.on(
      'blockPlaced',
      guarded((event) => jobs.blockPlaced(event)),
    );
    game.events.on(
      'blockBroken',
      guarded((event) => jobs.blockBroken(event)),
    );
    game.events.on(
      'entityKilled',
      guarded((event) => jobs.entityKilled(event)),
    );
    const missing = (['blockBroken', 'blockPlaced', 'entityKilled'] as const).filter((event) => !game.emits.has(event));
    if (missing.length > 0) log.info(`jobs: this game adapter (${game.adapterName}) does not tell ${missing.join(', ')}; jobs pay only for what it tells`);

    return {
      routes: jobsRoutes(jobs, config.jobs.maxPerPlayer),
      start: () => jobs.start(),
      stop: () => jobs.stop(),
    };
  },
});
