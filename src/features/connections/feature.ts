import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import { connectionsRoutes } from './routes.js';
import { ConnectionLogRecorder } from './service.js';
import { connectionLogPart } from './store.js';
import { jsonConnectionLogPart } from './store-json.js';
import { postgresConnectionLogPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    connectionLog: ConnectionLogRecorder;
  }
}

/** The connection log: LOGIN, LOGOUT and refused logins from the game's events, with addresses. */
export const connectionsFeature = defineFeature({
  name: 'connections',
  storeParts: [partImplementations({ part: connectionLogPart, json: jsonConnectionLogPart, postgres: postgresConnectionLogPart })],
  create: ({ config, store, game, services, log, now }) => {
    const connectionLog = store.part(connectionLogPart);
    const recorder = new ConnectionLogRecorder(connectionLog, game, now, log.error);
    services.provide('connectionLog', recorder);
    services.get('retention').keepDays('connection log', config.retention.connectionLogDays, (cutoff) => connectionLog.deleteBefore(cutoff));
    return { routes: connectionsRoutes(connectionLog), stop: () => recorder.settled() };
  },
});
