import path from 'node:path';
import type { Low } from 'lowdb';
import { openDocument } from '../../lib/json-document.js';
import { banEnd, isoDate, vanillaDate } from '../ban-dates.js';
import type { BanTarget, GameBan } from '../port.js';

/** An entry of vanilla's banned-players.json (banned-ips.json has `ip` instead of uuid and name). */
interface BanFileEntry {
  uuid?: string;
  name?: string;
  ip?: string;
  /** `2026-05-01 12:00:00 +0000`, as vanilla writes it. */
  created: string;
  source: string;
  /** A date as `created`, or `forever`. */
  expires: string;
  reason: string;
}

/**
 * The embedded server's bans, in vanilla's banned-players.json and
 * banned-ips.json (so an owner can carry them to or from a vanilla or Paper
 * server). Players match by UUID, else by name in any letter case; one ban
 * per player or address, a new one replacing it.
 */
export class BanFiles {
  private constructor(
    private readonly players: Low<BanFileEntry[]>,
    private readonly addresses: Low<BanFileEntry[]>,
  ) {}

  static async open(dataDirectory: string): Promise<BanFiles> {
    const open = async (name: string) => {
      const document = await openDocument<BanFileEntry[]>(path.join(dataDirectory, name), [], { pretty: true });
      if (!Array.isArray(document.data)) throw new Error(`${path.join(dataDirectory, name)} must hold a JSON array of bans`);
      return document;
    };
    return new BanFiles(await open('banned-players.json'), await open('banned-ips.json'));
  }

  /** Every ban in the files, ended or not. */
  all(): GameBan[] {
    return [...this.players.data, ...this.addresses.data].map(gameBanOf);
  }

  /** The ban of this player (by UUID, else name) or address, ended or not. */
  find(target: BanTarget): GameBan | undefined {
    const entry = this.entryOf(target);
    return entry && gameBanOf(entry);
  }

  async put(ban: GameBan): Promise<void> {
    const target: BanTarget = ban.player ? { player: ban.player } : { address: ban.address! };
    const document = 'player' in target ? this.players : this.addresses;
    const kept = document.data.filter((entry) => entry !== this.entryOf(target));
    const entry: BanFileEntry = {
      ...(ban.player ? { uuid: ban.player.uuid, name: ban.player.name } : { ip: ban.address! }),
      created: vanillaDate(ban.created ?? new Date().toISOString()),
      source: ban.source,
      expires: ban.expires === null ? 'forever' : vanillaDate(ban.expires),
      reason: ban.reason,
    };
    document.data = [...kept, entry];
    await document.write();
  }

  async remove(target: BanTarget): Promise<boolean> {
    const entry = this.entryOf(target);
    if (!entry) return false;
    const document = 'player' in target ? this.players : this.addresses;
    document.data = document.data.filter((candidate) => candidate !== entry);
    await document.write();
    return true;
  }

  private entryOf(target: BanTarget): BanFileEntry | undefined {
    if ('address' in target) return this.addresses.data.find((entry) => entry.ip === target.address);
    const { uuid, name } = target.player;
    return (uuid ? this.players.data.find((entry) => entry.uuid === uuid) : undefined) ?? this.players.data.find((entry) => entry.name?.toLowerCase() === name.toLowerCase());
  }
}

function gameBanOf(entry: BanFileEntry): GameBan {
  return {
    ...(entry.ip !== undefined ? { address: entry.ip } : { player: { name: entry.name ?? '', uuid: entry.uuid ?? '' } }),
    reason: entry.reason,
    source: entry.source,
    created: isoDate(entry.created),
    expires: banEnd(entry.expires),
  };
}
