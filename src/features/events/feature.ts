import { keyHolder, userHolder } from './reader.js';
import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import { StreamHub } from './hub.js';
import { EventJournal } from './journal.js';
import { eventsRoutes } from './routes.js';
import { wireSources } from './sources.js';
import { StatusTicker } from './status.js';
import { eventLogPart } from './store.js';
import { jsonEventLogPart } from './store-json.js';
import { postgresEventLogPart } from './store-postgres.js';
import { envelopeOf } from './views.js';

declare module '../services.js' {
  interface Services {
    /** Publishes events: to the durable log, then the streams and the webhooks. */
    events: EventJournal;
    /** The open streams of this instance. */
    eventStreams: StreamHub;
  }
}

/**
 * Live events: every group's happenings (from their own emitters, see
 * sources.ts) written to a durable log, streamed to dashboards and pages
 * (GET /api/events, server-sent events, each reader seeing what its access
 * allows) and handed to the webhooks. Listed after every group it listens to.
 */
export const eventsFeature = defineFeature({
  name: 'events',
  storeParts: [partImplementations({ part: eventLogPart, json: jsonEventLogPart, postgres: postgresEventLogPart })],
  create: ({ config, store, ownGame, services, network, now, log }) => {
    const journal = new EventJournal(store, network, { serverId: config.serverId, now, logError: log.error, logInfo: log.info });
    services.provide('events', journal);
    const { events } = config;
    const hub = new StreamHub({
      maxPerHolder: events.maxStreamsPerCaller,
      maxPerAddress: events.maxStreamsPerAddress,
      heartbeatMs: events.heartbeatMs,
      flushMs: 25,
      recheckMs: 60_000,
      logError: log.error,
    });
    services.provide('eventStreams', hub);
    // A stream lives no longer than what opened it: the streams of a user whose session ended here, and of the keys
    // when one's secret ended here (a key made or rotated by it ends with it), are checked at once; the periodic
    // check (recheckMs) catches what ends elsewhere (on another instance, an expiry, an operator demoted).
    if (services.has('sessions')) services.get('sessions').events.on('ended', ({ userId }) => hub.recheckNow((holder) => holder === userHolder(userId)));
    if (services.has('apiKeys')) services.get('apiKeys').events.on('secretEnded', () => hub.recheckNow((holder) => holder.startsWith(keyHolder)));
    const webhooks = services.has('webhooks') ? services.get('webhooks') : undefined;
    journal.events.on('written', (written, local) => {
      hub.deliver(written);
      // Each instance sends its own events' webhooks: on a network, once for the network.
      if (local && webhooks) webhooks.eventsWritten(written.map((event) => envelopeOf(event))).catch((error: Error) => log.error(`webhooks: queueing events: ${error.message}`));
    });
    wireSources(journal, ownGame, services);
    const settings = services.get('settings');
    const status = new StatusTicker(journal, ownGame, () => settings.read().maxPlayers, events.statusMs);
    const eventLog = store.part(eventLogPart);
    services.get('retention').keepDays('events', events.keepHours / 24, (cutoff) => eventLog.deleteBefore(cutoff));
    return {
      routes: eventsRoutes({ hub, log: eventLog, access: services.get('access'), bufferBytes: events.bufferBytes, logError: log.error }),
      start: () => {
        hub.start();
        status.start();
      },
      stop: async () => {
        status.stop();
        await journal.stop();
        hub.stop();
      },
    };
  },
});
