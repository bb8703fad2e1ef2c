/**
 * What the settings keep in the store: only the changes made through the
 * API (a partial settings object); config.yml, or the game's own values,
 * supply the rest. A store part: its implementations are store-json.ts and
 * store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

/** Settings changed through the API, as a partial settings object; the configured defaults fill the rest. */
export type SettingsOverrides = Record<string, unknown>;

export interface SettingsStore {
  /** Inside a unit of work, the stored changes stay the unit's until it ends (a read-modify-write loses no concurrent change). */
  load(): Promise<SettingsOverrides>;
  save(overrides: SettingsOverrides): Promise<void>;
}

/** The settings' store part (never rename it: the name is kept in data). */
export const settingsPart = storePart<SettingsStore>('settings');
