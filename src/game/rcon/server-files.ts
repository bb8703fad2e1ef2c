import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { banEnd, isoDate } from '../ban-dates.js';
import { difficulties, gameModes, type GameBan, type GameSettingsChange, type PlayerRef } from '../port.js';

/**
 * What a vanilla server keeps in its directory and RCON cannot ask: the
 * operators (ops.json), the whitelist's entries with their UUIDs
 * (whitelist.json), the bans with their reasons and ends
 * (banned-players.json, banned-ips.json) and its settings (server.properties). Read when asked, so
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

  /** Every ban in the files, ended or not. */
  async bans(): Promise<GameBan[]> {
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const details = (entry: BanFileEntry) => ({
      reason: text(entry.reason),
      source: text(entry.source),
      created: isoDate(text(entry.created)),
      expires: banEnd(typeof entry.expires === 'string' ? entry.expires : undefined),
    });
    const players = (await this.list<BanFileEntry>('banned-players.json'))
      .filter((entry) => typeof entry.name === 'string')
      .map((entry) => ({ player: { name: entry.name as string, uuid: text(entry.uuid) }, ...details(entry) }));
    const addresses = (await this.list<BanFileEntry>('banned-ips.json'))
      .filter((entry) => typeof entry.ip === 'string')
      .map((entry) => ({ address: entry.ip as string, ...details(entry) }));
    return [...players, ...addresses];
  }

  private async playerList(name: string): Promise<PlayerRef[]> {
    return (await this.list<{ name?: unknown; uuid?: unknown }>(name))
      .filter((entry) => typeof entry.name === 'string' && typeof entry.uuid === 'string')
      .map((entry) => ({ name: entry.name as string, uuid: entry.uuid as string }));
  }

  /** A JSON list file of the server's, its entries unchecked; absent reads as empty. */
  private async list<T>(name: string): Promise<T[]> {
    const file = path.join(this.directory, name);
    let entries: T[] | undefined;
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
        entries = JSON.parse(text) as T[];
      } catch (error) {
        if (attempt === 3) throw new Error(`${file} does not parse: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    return Array.isArray(entries) ? entries.filter((entry) => typeof entry === 'object' && entry !== null) : [];
  }
}

/** An entry of banned-players.json (uuid, name) or banned-ips.json (ip), as vanilla writes them. */
interface BanFileEntry {
  uuid?: unknown;
  name?: unknown;
  ip?: unknown;
  created?: unknown;
  source?: unknown;
  expires?: unknown;
  reason?: unknown;
}

/** Java properties escapes: `\:`, `\=`, `\\`, `\uXXXX`. */
function unescapeProperty(value: string): string {
  return value.replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_whole, hex: string | undefined, character: string | undefined) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : character === 'n' ? '\n' : character === 't' ? '\t' : character!,
  );
}
