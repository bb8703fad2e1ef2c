import { defineFeature } from '../feature.js';
import { connectionsRoutes } from './routes.js';
import { ConnectionLogRecorder } from './service.js';

declare module '../services.js' {
  interface Services {
    connectionLog: ConnectionLogRecorder;
  }
}

/** The connection log: LOGIN, LOGOUT and refused logins from the game's events, with addresses. */
export const connectionsFeature = defineFeature({
  name: 'connections',
  create: ({ config, store, game, services, log, now }) => {
    const recorder = new ConnectionLogRecorder(store.connectionLog, game, now, log.error);
    services.provide('connectionLog', recorder);
    services.get('retention').keepDays('connection log', config.retention.connectionLogDays, (cutoff) => store.connectionLog.deleteBefore(cutoff));
    return { routes: connectionsRoutes(store.connectionLog), stop: () => recorder.settled() };
  },
});
