import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { difficulties, gameModes, type GameSettingsChange, type PlayerRef } from '../port.js';

/**
 * What a vanilla server keeps in its directory and RCON cannot ask: the
 * operators (ops.json), the whitelist's entries with their UUIDs
 * (whitelist.json) and its settings (server.properties). Read when asked, so
 * changes made in game or on the console are seen; absent files read as empty.
 */
export class ServerFiles {
  constructor(private readonly directory: string) {}

  async operators(): Promise<PlayerRef[]> {
    return this.playerList('ops.json');
  }

  async whitelist(): Promise<PlayerRef[]> {
    return this.playerList('whitelist.json');
  }

  async properties(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(path.join(this.directory, 'server.properties'), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const properties: Record<string, string> = {};
    for (const line of text.split(/\r?\n/)) {
      if (line.startsWith('#') || !line.includes('=')) continue;
      const at = line.indexOf('=');
      properties[line.slice(0, at).trim()] = unescapeProperty(line.slice(at + 1));
    }
    return properties;
  }

  /** The server's own values of the settings Gatehouse manages, as far as server.properties has them. */
  async settings(): Promise<Partial<Required<GameSettingsChange>>> {
    const properties = await this.properties();
    const settings: Partial<Required<GameSettingsChange>> = {};
    if (properties.motd !== undefined) settings.motd = properties.motd;
    if (/^\d+$/.test(properties['max-players'] ?? '')) settings.maxPlayers = Number(properties['max-players']);
    if ((difficulties as readonly string[]).includes(properties.difficulty ?? '')) settings.difficulty = properties.difficulty as GameSettingsChange['difficulty'];
    if ((gameModes as readonly string[]).includes(properties.gamemode ?? '')) settings.defaultGameMode = properties.gamemode as GameSettingsChange['defaultGameMode'];
    if (properties.pvp === 'true' || properties.pvp === 'false') settings.pvp = properties.pvp === 'true';
    if (properties['white-list'] === 'true' || properties['white-list'] === 'false') settings.whitelistEnabled = properties['white-list'] === 'true';
    return settings;
  }

  private async playerList(name: string): Promise<PlayerRef[]> {
    const file = path.join(this.directory, name);
    let entries: Array<{ name?: unknown; uuid?: unknown }> | undefined;
    // The server rewrites these files in place: a read in the middle of a write sees half of one, so try again shortly.
    for (let attempt = 0; entries === undefined; attempt += 1) {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      try {
        entries = JSON.parse(text) as Array<{ name?: unknown; uuid?: unknown }>;
      } catch (error) {
        if (attempt === 3) throw new Error(`${file} does not parse: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    return (Array.isArray(entries) ? entries : [])
      .filter((entry) => typeof entry.name === 'string' && typeof entry.uuid === 'string')
      .map((entry) => ({ name: entry.name as string, uuid: entry.uuid as string }));
  }
}

/** Java properties escapes: `\:`, `\=`, `\\`, `\uXXXX`. */
function unescapeProperty(value: string): string {
  return value.replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_whole, hex: string | undefined, character: string | undefined) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : character === 'n' ? '\n' : character === 't' ? '\t' : character!,
  );
}
