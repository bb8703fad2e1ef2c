import { defineFeature } from '../feature.js';
import { RetentionJob } from './service.js';

declare module '../services.js' {
  interface Services {
    retention: RetentionJob;
  }
}

/** The hourly job that deletes what is past its retention; later features register their steps with it. */
export const retentionFeature = defineFeature({
  name: 'retention',
  create: ({ services, now, log, network }) => {
    // Once per network: every instance deletes from the same database.
    const job = new RetentionJob(now, log.error, (work) => network.exclusively('retention', work));
    services.provide('retention', job);
    return { start: () => job.start(), stop: () => job.stop() };
  },
});
