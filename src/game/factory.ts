import type { Config } from '../config/config.js';
import type { Logger } from '../lib/logger.js';
import { BridgeGameAdapter } from './bridge/adapter.js';
import { EmbeddedGameServer } from './embedded/adapter.js';
import { RconGameAdapter } from './rcon/adapter.js';
import type { GamePort } from './port.js';

/**
 * The game adapter `game.connection` names: the embedded server, the bridge
 * the Paper plugin connects to, or a vanilla server's RCON. The live settings reach it when it
 * connects (see SettingsService), so it starts from config.yml's values.
 */
export function createGameAdapter(config: Config, version: string, logger: Logger): GamePort {
  switch (config.game.connection) {
    case 'bridge':
      return new BridgeGameAdapter({
        ...config.game.bridge,
        token: config.token,
        sidecarName: `Gatehouse ${version}`,
        log: logger.info,
        logError: logger.error,
      });
    case 'rcon':
      return new RconGameAdapter({ ...config.game.rcon, log: logger.info, logError: logger.error });
    case 'embedded':
      return new EmbeddedGameServer({
        ...config.game.embedded,
        motd: config.settings.serverName,
        maxPlayers: config.settings.maxPlayers,
        dataDirectory: config.dataDirectory,
        log: logger.error,
      });
  }
}
