/** The jobs' presenters: a job as listed, and its pay table. */
import type { PlayerRef } from '../../game/port.js';
import { fromCents } from '../common/money.js';
import type { Job } from './catalogue.js';
import type { JobsService } from './service.js';

/** A job with how many work it, and whether the player (if any) does. */
export function jobSummary(jobs: JobsService, job: Job, player: PlayerRef | undefined) {
  return {
    id: job.id,
    name: job.name,
    description: job.description,
    workers: jobs.workersOf(job.id),
    joined: player ? jobs.hasJoined(player.uuid, job.id) : false,
  };
}

/** What each block or entity pays, in money and experience. */
export function payTable(entries: Job['blockBroken']) {
  return [...entries.values()].map((entry) => ({ id: entry.id, money: fromCents(entry.cents), experience: entry.experience }));
}
