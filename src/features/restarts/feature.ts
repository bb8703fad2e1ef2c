import { partImplementations } from '../../store/part-implementations.js';
import { chatColours } from '../chat/colours.js';
import { defineFeature } from '../feature.js';
import { restartsRoutes } from './routes.js';
import { RestartService, restartOf } from './service.js';
import { restartsPart } from './store.js';
import { jsonRestartsPart } from './store-json.js';
import { postgresRestartsPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    restarts: RestartService;
  }
}

/** Scheduled restarts with a boss-bar countdown; a pending one survives a restart of Gatehouse. */
export const restartsFeature = defineFeature({
  name: 'restarts',
  storeParts: [partImplementations({ part: restartsPart, json: jsonRestartsPart, postgres: postgresRestartsPart })],
  create: ({ config, store, ownGame, services, texts, log, now }) => {
    // This server's own game: on a network each server restarts on its own, and its countdown and words are for its own players.
    const restarts = new RestartService(restartOf(store.part(restartsPart), config.serverId), ownGame, texts, now, log.error);
    services.provide('restarts', restarts);
    const audit = services.get('audit');
    const chat = services.get('chatEvents');
    restarts.events.on('scheduled', (restart) =>
      chat.post({
        title: 'Restart scheduled',
        description: restart.reason || 'The server will restart.',
        color: chatColours.restart,
        fields: [
          { name: 'At', value: restart.restartAt, inline: true },
          { name: 'In', value: `${restart.delaySeconds} s`, inline: true },
          { name: 'By', value: restart.requestedBy, inline: true },
        ],
      }),
    );
    restarts.events.on('cancelled', (restart) =>
      chat.post({ title: 'Restart cancelled', description: `The restart planned for ${restart.restartAt} was cancelled.`, color: chatColours.cancelled }),
    );
    return {
      routes: restartsRoutes(restarts, audit, ownGame, now),
      start: () => restarts.resume(),
      stop: () => restarts.stop(),
    };
  },
});
