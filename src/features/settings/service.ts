import { EventEmitter } from 'node:events';
import { difficulties, gameModes, type GamePort, type GameSettingsChange } from '../../game/port.js';
import type { Network } from '../../network/port.js';
import type { Store } from '../../store/port.js';
import type { ServerSettings } from '../../config/server-settings.js';
import { type DeepReadonly, deepFreeze, deepMerge, isPlainObject } from '../../lib/objects.js';
import { translateColourCodes } from '../../lib/colours.js';
import { settingsPart } from './store.js';

export type { ServerSettings } from '../../config/server-settings.js';

/** A validated partial settings object: only the keys to change; a null key returns to config.yml's value. */
export type SettingsChange = DeepChange<ServerSettings>;
/** The live settings as every reader gets them: one frozen object, replaced whole by a change. */
export type LiveSettings = DeepReadonly<ServerSettings>;
type DeepChange<T> = { [K in keyof T]?: T[K] extends object ? DeepChange<T[K]> : T[K] | null };

/** Which settings the game applies, under which name of the game port, and how to read and write them. */
const gameKeys: Array<[string, keyof GameSettingsChange, (settings: ServerSettings) => unknown, (settings: ServerSettings, value: never) => void]> = [
  // The server list shows § codes; owners write & codes, as everywhere else.
  ['serverName', 'motd', (settings) => translateColourCodes(settings.serverName), (settings, value) => (settings.serverName = value)],
  ['maxPlayers', 'maxPlayers', (settings) => settings.maxPlayers, (settings, value) => (settings.maxPlayers = value)],
  ['difficulty', 'difficulty', (settings) => settings.difficulty, (settings, value) => (settings.difficulty = value)],
  ['gameMode', 'defaultGameMode', (settings) => settings.gameMode, (settings, value) => (settings.gameMode = value)],
  ['pvpEnabled', 'pvp', (settings) => settings.pvpEnabled, (settings, value) => (settings.pvpEnabled = value)],
  ['whitelist.enabled', 'whitelistEnabled', (settings) => settings.whitelist.enabled, (settings, value) => (settings.whitelist.enabled = value)],
];

/**
 * The live settings: the configured defaults with the changes made through
 * the API on top (kept in the store). A change is applied to the game at once
 * where the game allows it, and again whenever the game (re)connects.
 *
 * A game that keeps settings of its own (a Paper server, which can read them
 * back) is the default for those instead of config.yml: when it connects its
 * values are read, and only what an admin changed through the API is applied
 * to it, so installing the plugin does not reset a server's max players or
 * whitelist.
 */
export class SettingsService {
  /** `changed`: on this server, by a change here or elsewhere; `updated`: a change made through this instance (once per network). */
  readonly events = new EventEmitter<{ changed: [settings: LiveSettings, updated: string[]]; updated: [keys: string[]] }>();
  private defaults: LiveSettings;
  private current: LiveSettings;
  private game: GamePort | undefined;
  /** Updates are numbered as they are asked for; memory takes the result of the highest number finished. */
  private updatesAsked = 0;
  private updateShown = 0;

  private constructor(
    defaults: ServerSettings,
    private overrides: Record<string, unknown>,
    private readonly store: Store,
    private readonly logError: (message: string) => void,
    private readonly network: Network,
  ) {
    this.defaults = deepFreeze(structuredClone(defaults));
    this.current = withOverrides(this.defaults, overrides);
  }

  /**
   * `checkStored` throws when the stored changes are not a valid settings
   * change (a hand-edited file, say); `network` is told of each change (the
   * settings are the network's).
   */
  static async open(
    defaults: ServerSettings,
    store: Store,
    checkStored: (overrides: unknown) => void,
    logError: (message: string) => void,
    network: Network,
  ): Promise<SettingsService> {
    const overrides = await store.part(settingsPart).load();
    checkStored(overrides);
    return new SettingsService(defaults, overrides, store, logError, network);
  }

  /** From now on changes go to this game, and all settings are applied whenever it (re)connects. */
  attachGame(game: GamePort): void {
    this.game = game;
    game.events.on('connection', ({ connected }) => {
      if (connected) void this.gameConnected();
    });
  }

  private async gameConnected(): Promise<void> {
    const control = this.game?.capability('control');
    if (!control?.readSettings) {
      await this.applyToGame(gameKeys.map(([key]) => key));
      return;
    }
    try {
      const values = await control.readSettings();
      const defaults = structuredClone(this.defaults) as ServerSettings;
      for (const [, gameKey, , write] of gameKeys) if (plausible[gameKey](values[gameKey])) write(defaults, values[gameKey] as never);
      this.defaults = deepFreeze(defaults);
      this.current = withOverrides(defaults, this.overrides);
    } catch (error) {
      this.logError(`settings: could not read the game's own settings: ${(error as Error).message}`);
    }
    const changedByAdmins = leafPaths(this.overrides);
    await this.applyToGame(gameKeys.map(([key]) => key).filter((key) => changedByAdmins.includes(key)));
  }

  /**
   * The live settings: one frozen object, not a copy, so that reading them
   * costs nothing where every request does (the players' list, the currency
   * symbol). A change replaces them whole: what a caller holds never changes
   * under it.
   */
  read(): LiveSettings {
    return this.current;
  }

  /** The dotted paths of the settings changed through the API, which override config.yml's values. */
  overriddenKeys(): string[] {
    return leafPaths(this.overrides);
  }

  /**
   * Every setting as it is without the changes made through the API: what a
   * key goes back to when it is given back (config.yml's value, or the game's
   * own for the settings a game that keeps them reported; see above).
   */
  defaultValues(): LiveSettings {
    return this.defaults;
  }

  /**
   * Stores and applies a change that already passed the settings schema; a
   * null key is removed from the stored changes, so config.yml's value
   * (or the game's own, see above) holds again and is what the game gets.
   * Returns the dotted paths of the keys supplied and those the game applied live.
   *
   * Concurrent changes apply one after another, each merged into the stored
   * result of the one before (a unit of work reads and writes them), so none
   * is lost; memory then shows the newest result, whatever order the
   * acknowledgements come back in.
   *
   * Recorded first, then applied: the stored change and the notice that
   * tells the other servers of it are written in one unit of work, and only
   * once it is kept does this instance take it and its game get it. A change
   * the store refuses (503) is made on no server.
   */
  async update(change: SettingsChange): Promise<{ updated: string[]; appliedInGame: string[] }> {
    const updated = leafPaths(change as Record<string, unknown>);
    if (updated.length === 0) return { updated, appliedInGame: [] };
    const number = ++this.updatesAsked;
    const overrides = await this.store.transaction(async (tx) => {
      const stored = tx.part(settingsPart);
      const merged = withoutResets(deepMerge(await stored.load(), change as Record<string, unknown>));
      await stored.save(merged);
      await this.network.publishIn(tx, 'settings', { updated });
      return merged;
    });
    if (number > this.updateShown) {
      this.updateShown = number;
      this.overrides = overrides;
      this.current = withOverrides(this.defaults, overrides);
    }
    this.events.emit('updated', updated);
    const appliedInGame = await this.applyToGame(updated);
    this.events.emit('changed', this.current, updated);
    return { updated, appliedInGame };
  }

  /**
   * Reads the stored settings back and applies to this server's game the
   * keys named (another instance changed them: settings are network-wide)
   * and any other whose value is not what this instance had. Without names,
   * it is the catching up after this instance lost the database: whatever
   * was recorded meanwhile, or recorded by this instance with an answer lost
   * on the way, is made here too.
   */
  async reload(updated: string[] = []): Promise<void> {
    const overrides = await this.store.part(settingsPart).load();
    const before = this.current;
    this.updatesAsked += 1;
    this.updateShown = this.updatesAsked;
    this.overrides = overrides;
    this.current = withOverrides(this.defaults, overrides);
    const changed = [...new Set([...updated, ...differingPaths(before, this.current)])];
    if (changed.length === 0) return;
    await this.applyToGame(changed);
    this.events.emit('changed', this.current, changed);
  }

  /** Sends the named settings to the game; returns the dotted paths it applied. */
  async applyToGame(paths: string[]): Promise<string[]> {
    const control = this.game?.capability('control');
    if (!control || !this.game?.isConnected()) return [];
    const change: GameSettingsChange = {};
    for (const [settingPath, gameKey, read] of gameKeys) {
      if (paths.includes(settingPath)) (change as Record<string, unknown>)[gameKey] = read(this.current);
    }
    if (Object.keys(change).length === 0) return [];
    try {
      const applied = await control.applySettings(change);
      return gameKeys.filter(([, gameKey]) => applied.includes(gameKey)).map(([settingPath]) => settingPath);
    } catch (error) {
      this.logError(`settings: the game did not take ${Object.keys(change).join(', ')}: ${(error as Error).message}`);
      return [];
    }
  }
}

/** What a game may report for each setting; anything else is ignored and the configured default stays. */
const plausible: Record<keyof GameSettingsChange, (value: unknown) => boolean> = {
  motd: (value) => typeof value === 'string',
  maxPlayers: (value) => Number.isInteger(value) && (value as number) >= 1,
  difficulty: (value) => (difficulties as readonly unknown[]).includes(value),
  defaultGameMode: (value) => (gameModes as readonly unknown[]).includes(value),
  pvp: (value) => typeof value === 'boolean',
  whitelistEnabled: (value) => typeof value === 'boolean',
};

/** The defaults with the stored changes on top, frozen (made once a change, never on a read). */
function withOverrides(defaults: LiveSettings, overrides: Record<string, unknown>): LiveSettings {
  return deepFreeze(deepMerge(structuredClone(defaults) as unknown as Record<string, unknown>, overrides) as unknown as ServerSettings);
}

/** The stored changes without the keys a change set to null, and without groups left empty. */
function withoutResets(overrides: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (value === null) continue;
    if (!isPlainObject(value)) {
      kept[key] = value;
      continue;
    }
    const group = withoutResets(value);
    if (Object.keys(group).length > 0) kept[key] = group;
  }
  return kept;
}

/** The dotted paths whose values differ between two settings objects. */
function differingPaths(before: LiveSettings, after: LiveSettings): string[] {
  const valueAt = (settings: LiveSettings, dotted: string) => dotted.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], settings);
  return leafPaths(after as unknown as Record<string, unknown>).filter((dotted) => valueAt(before, dotted) !== valueAt(after, dotted));
}

/** `{chat: {enabled: true}, maxPlayers: 5}` → `['chat.enabled', 'maxPlayers']`. */
export function leafPaths(object: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(object).flatMap(([key, value]) => (isPlainObject(value) ? leafPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}
