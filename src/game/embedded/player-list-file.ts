import type { Low } from 'lowdb';
import { openDocument } from '../../lib/json-document.js';
import { offlinePlayerUuid } from './offline-uuid.js';

/** An entry of vanilla's ops.json; whitelist.json entries have only uuid and name. */
export interface PlayerListEntry {
  uuid: string;
  name: string;
  level?: number;
  bypassesPlayerLimit?: boolean;
}

/**
 * A vanilla player list file (ops.json, whitelist.json), so a server owner can
 * carry it over to or from a vanilla or Paper server. Names match
 * case-insensitively, as they do in game.
 */
export class PlayerListFile {
  private constructor(
    private readonly document: Low<PlayerListEntry[]>,
    private readonly defaults: Omit<PlayerListEntry, 'uuid' | 'name'>,
  ) {}

  static async open(file: string, defaults: Omit<PlayerListEntry, 'uuid' | 'name'> = {}): Promise<PlayerListFile> {
    const document = await openDocument<PlayerListEntry[]>(file, [], { pretty: true });
    if (!Array.isArray(document.data)) throw new Error(`${file} must hold a JSON array of players`);
    return new PlayerListFile(document, defaults);
  }

  find(name: string): PlayerListEntry | undefined {
    const wanted = name.toLowerCase();
    return this.document.data.find((entry) => entry.name.toLowerCase() === wanted);
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  entries(): PlayerListEntry[] {
    return this.document.data.map((entry) => ({ ...entry }));
  }

  /** Returns false when the player was already listed. */
  async add(name: string, uuid = offlinePlayerUuid(name)): Promise<boolean> {
    if (this.has(name)) return false;
    this.document.data.push({ uuid, name, ...this.defaults });
    await this.document.write();
    return true;
  }

  /** Returns false when the player was not listed. */
  async remove(name: string): Promise<boolean> {
    const wanted = name.toLowerCase();
    const before = this.document.data.length;
    this.document.data = this.document.data.filter((entry) => entry.name.toLowerCase() !== wanted);
    if (this.document.data.length === before) return false;
    await this.document.write();
    return true;
  }
}
