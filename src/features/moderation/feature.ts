import type { Caller } from '../../http/route.js';
import { partImplementations } from '../../store/part-implementations.js';
import { positionsPart } from '../players/store.js';
import { defineFeature } from '../feature.js';
import { gatehouseSource } from './reconciler.js';
import { moderationRoutes } from './routes.js';
import { ModerationService } from './service.js';
import { moderationPart } from './store.js';
import { jsonModerationPart } from './store-json.js';
import { postgresModerationPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    moderation: ModerationService;
  }
}

/**
 * Moderation: bans of players and addresses (network-wide, on every server's
 * own ban list), kicks, warnings, each player's record, and an appeal a ban.
 * Its events (`banned`, `lifted`, `kicked`, `warned`, `appealed`,
 * `appealAnswered`) are for the live event stream.
 */
export const moderationFeature = defineFeature({
  name: 'moderation',
  storeParts: [partImplementations({ part: moderationPart, json: jsonModerationPart, postgres: postgresModerationPart })],
  create: ({ config, store, game, ownGame, network, services, texts, now, log }) => {
    const moderation = new ModerationService(store, game, ownGame, network, texts, now, log.error);
    services.provide('moderation', moderation);
    // The game words a refusal itself where it cannot take Gatehouse's words (vanilla).
    ownGame.capability('moderation')?.setBanTexts?.({
      permanent: texts.render('moderation.banned', { reason: '{reason}' }),
      temporary: texts.render('moderation.banned-temporary', { reason: '{reason}', time: '{time}' }),
    });
    ownGame.events.on('connection', ({ connected }) => {
      if (connected) moderation.gameConnected();
    });
    const positions = store.part(positionsPart);
    const keys = services.get('apiKeys');

    const findPlayer = async (name: string) => {
      const wanted = name.toLowerCase();
      const online = (await game.onlinePlayers().catch(() => [])).find((player) => player.name.toLowerCase() === wanted);
      if (online) return { name: online.name, uuid: online.uuid };
      const seen = await positions.byName(name);
      if (seen) return { name: seen.name, uuid: seen.uuid };
      const user = await store.users.findByGameUsername(name);
      return user ? { name: user.gameUsername, uuid: user.gameUuid } : undefined;
    };
    // An operator's login token, the service token, and a key an operator made (it acts with their standing, refused by
    // the keys group while they are not one) may act on operators; a key the service token or another key made may not.
    const actsAsOperator = async (caller: Caller) => {
      if (caller.kind !== 'key') return true;
      const record = await keys.find(caller.key.id).catch(() => undefined);
      if (!record) return false;
      if (record.operator !== undefined) return record.operator !== null;
      return record.createdBy !== 'service' && !record.createdBy.startsWith('key:');
    };

    return {
      routes: moderationRoutes({
        moderation,
        audit: services.get('audit'),
        findPlayer,
        isOperator: (name) => game.operators.isOperator(name),
        actsAsOperator,
        gameBans: async () => (await ownGame.require('moderation').bans()).filter((ban) => !ban.source.startsWith(gatehouseSource)),
        serverId: config.serverId,
      }),
      start: () => moderation.start(),
      stop: () => moderation.stop(),
    };
  },
});
