import { difficulties, gameModes, type GameSettingsChange, type ServerControl, type Whitelist } from '../port.js';
import { checkCommandLength, choiceArgument, messageArgument } from './arguments.js';
import type { RconCommand } from './connection.js';
import type { ManagementClient } from './management.js';
import { checkSettingReply } from './replies.js';
import type { ServerFiles } from './server-files.js';

/** What a vanilla server.properties holds when a key is left out. */
const defaultsOfVanilla: Required<GameSettingsChange> = {
  motd: 'A Minecraft Server',
  maxPlayers: 20,
  difficulty: 'easy',
  defaultGameMode: 'survival',
  pvp: true,
  whitelistEnabled: false,
};

/**
 * The settings vanilla's commands can change while it runs (the management
 * protocol adds the MOTD and max players), its own values read from
 * server.properties where the server's directory is known, and restarts:
 * vanilla cannot start itself again, so a restart stops it for a service
 * manager to start.
 */
export function rconControl(command: RconCommand, whitelist: Whitelist, management: ManagementClient | undefined, files: ServerFiles | undefined): ServerControl {
  const control: ServerControl = {
    startsAgainByItself: false,
    applySettings: async (change) => {
      const applied: Array<keyof GameSettingsChange> = [];
      if (change.difficulty !== undefined) {
        checkSettingReply('difficulty', await command(`difficulty ${choiceArgument(change.difficulty, difficulties, 'difficulty')}`), /^The difficulty has been set/);
        applied.push('difficulty');
      }
      if (change.defaultGameMode !== undefined) {
        checkSettingReply(
          'defaultgamemode',
          await command(`defaultgamemode ${choiceArgument(change.defaultGameMode, gameModes, 'defaultGameMode')}`),
          /^The default game mode is now/,
        );
        applied.push('defaultGameMode');
      }
      if (change.whitelistEnabled !== undefined) {
        await whitelist.setEnabled(change.whitelistEnabled);
        applied.push('whitelistEnabled');
      }
      if (change.pvp !== undefined) {
        // The pvp game rule exists from 1.21.9; before, PvP is server.properties only (a restart).
        const reply = await command(`gamerule pvp ${change.pvp === true}`);
        if (/^Gamerule pvp is now set to/.test(reply)) applied.push('pvp');
      }
      // No vanilla command changes the MOTD or max players; the management protocol (1.21.9+) can.
      if (management?.connected) {
        if (change.motd !== undefined) {
          await management.call('serversettings/motd/set', { message: change.motd });
          applied.push('motd');
        }
        if (change.maxPlayers !== undefined) {
          await management.call('serversettings/max_players/set', { max: change.maxPlayers });
          applied.push('maxPlayers');
        }
      }
      return applied;
    },
    restart: async (reason) => {
      await command(checkCommandLength(`kick @a ${messageArgument(reason)}`, 'reason'));
      await command('save-all flush');
      await command('stop').catch(() => '');
    },
  };
  if (files) control.readSettings = async () => ({ ...defaultsOfVanilla, ...(await files.settings()) });
  return control;
}
