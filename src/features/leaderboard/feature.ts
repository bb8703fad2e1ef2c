import { connectionLogPart } from '../connections/store.js';
import { defineFeature } from '../feature.js';
import type { Standing } from './board.js';
import { PlaytimeTally } from './playtime.js';
import { leaderboardRoutes } from './routes.js';
import { LeaderboardService } from './service.js';

declare module '../services.js' {
  interface Services {
    leaderboards: LeaderboardService;
  }
}

/** How long a board is served before it must be rebuilt. */
const boardTtlMs = 30_000;

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
    // Time played is read off the connection log, through the connections group's store part.
    const playtime = new PlaytimeTally(store.part(connectionLogPart), game, now().getTime(), () => now().getTime());
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
      routes: leaderboardRoutes(leaderboards, economy, jobs),
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
