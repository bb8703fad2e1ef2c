import type { Difficulty, GameMode } from '../game/port.js';

/** The live settings object of GET/POST /api/admin/settings. */
export interface ServerSettings {
  serverName: string;
  maxPlayers: number;
  difficulty: Difficulty;
  gameMode: GameMode;
  pvpEnabled: boolean;
  whitelist: { enabled: boolean; autoApprove: boolean };
  notifications: { unregisteredInterval: number; enabled: boolean };
  chat: { enabled: boolean; webhookUrl: string };
  economy: { currencySymbol: string; startingBalance: number };
}
