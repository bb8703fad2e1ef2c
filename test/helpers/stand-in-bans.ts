/**
 * The stand-in vanilla server's bans, as vanilla 1.21 keeps and words them:
 * banned-players.json and banned-ips.json (`2026-05-01 12:00:00 +0000`,
 * `forever`), the refusal at login (`You are banned from this server.\nReason:
 * ...\nYour ban will be removed on ...`), the `ban`, `ban-ip`, `pardon`,
 * `pardon-ip` and `banlist` commands' replies (its English language file),
 * and the management protocol's bans and IP bans (`user_ban`,
 * `incoming_ip_ban`: reason, source, an ISO 8601 `expires`).
 */
import { writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { vanillaDate } from '../../src/game/ban-dates.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';

export interface StandInBan {
  name?: string;
  uuid?: string;
  ip?: string;
  created: Date;
  source: string;
  expires: Date | null;
  reason: string;
}

export class StandInBans {
  /** By lower-case name. */
  readonly players = new Map<string, StandInBan>();
  readonly addresses = new Map<string, StandInBan>();

  constructor(private readonly directory: string) {}

  /** The refusal for a login of `name` from `address`, in vanilla's words, or undefined; ended bans do not count. */
  refusal(name: string, address: string): string | undefined {
    const player = this.inForce(this.players.get(name.toLowerCase()));
    const ip = this.inForce(this.addresses.get(address));
    const ban = player ?? ip;
    if (!ban) return undefined;
    const words = `${player ? 'You are banned from this server.' : 'Your IP address is banned from this server.'}\nReason: ${ban.reason}`;
    return ban.expires ? `${words}\nYour ban will be removed on ${vanillaDate(ban.expires.toISOString())}` : words;
  }

  /** The console's and RCON's commands; undefined for any other. `source` is who typed it (`Server`, `Rcon`). */
  command(words: string[], source: string, kick: (name: string, reason: string) => void, online: (name: string) => string | undefined): string | undefined {
    const [command, target, ...rest] = words;
    const reason = rest.join(' ') || 'Banned by an operator.';
    switch (command) {
      case 'ban': {
        const key = target!.toLowerCase();
        if (this.players.has(key)) return 'Nothing changed. The player is already banned';
        const name = online(target!) ?? target!;
        this.players.set(key, { name, uuid: offlinePlayerUuid(name), created: new Date(), source, expires: null, reason });
        this.save();
        if (online(target!)) kick(name, 'You are banned from this server.');
        return `Banned ${name}: ${reason}`;
      }
      case 'ban-ip': {
        if (isIP(target!) === 0) return 'Invalid IP address or unknown player';
        if (this.addresses.has(target!)) return 'Nothing changed. That IP is already banned';
        this.addresses.set(target!, { ip: target!, created: new Date(), source, expires: null, reason });
        this.save();
        return `Banned IP ${target}: ${reason}`;
      }
      case 'pardon':
        if (!this.players.delete(target!.toLowerCase())) return "Nothing changed. The player isn't banned";
        this.save();
        return `Unbanned ${target}`;
      case 'pardon-ip':
        if (isIP(target!) === 0) return 'Invalid IP address';
        if (!this.addresses.delete(target!)) return "Nothing changed. That IP isn't banned";
        this.save();
        return `Unbanned IP ${target}`;
      case 'banlist': {
        const all = [...this.players.values(), ...this.addresses.values()];
        // Glued without newlines, as vanilla's RCON sends several messages.
        return all.length === 0
          ? 'There are no bans'
          : `There are ${all.length} ban(s):${all.map((ban) => `${ban.name ?? ban.ip} was banned by ${ban.source}: ${ban.reason}`).join('')}`;
      }
      default:
        return undefined;
    }
  }

  /** The management protocol's `minecraft:bans` (`user_ban`s). */
  wirePlayers(): unknown[] {
    return [...this.players.values()].map((ban) => ({ player: { id: ban.uuid, name: ban.name }, reason: ban.reason, source: ban.source, ...end(ban) }));
  }

  /** `minecraft:ip_bans`. */
  wireAddresses(): unknown[] {
    return [...this.addresses.values()].map((ban) => ({ ip: ban.ip, reason: ban.reason, source: ban.source, ...end(ban) }));
  }

  /** `minecraft:bans/add`: each ban replaces the player's; answers who was added. */
  addPlayers(bans: Array<{ player: { id?: string; name?: string }; reason?: string; source?: string; expires?: string }>): string[] {
    const added: string[] = [];
    for (const ban of bans) {
      const name = ban.player.name!;
      this.players.set(name.toLowerCase(), {
        name,
        uuid: ban.player.id ?? offlinePlayerUuid(name),
        created: new Date(),
        source: ban.source ?? 'Management server',
        expires: ban.expires ? new Date(ban.expires) : null,
        reason: ban.reason ?? 'Banned by an operator.',
      });
      added.push(name);
    }
    this.save();
    return added;
  }

  /** `minecraft:ip_bans/add`. */
  addAddresses(bans: Array<{ ip?: string; reason?: string; source?: string; expires?: string }>): void {
    for (const ban of bans) {
      this.addresses.set(ban.ip!, {
        ip: ban.ip!,
        created: new Date(),
        source: ban.source ?? 'Management server',
        expires: ban.expires ? new Date(ban.expires) : null,
        reason: ban.reason ?? 'Banned by an operator.',
      });
    }
    this.save();
  }

  removePlayers(players: Array<{ name?: string }>): void {
    for (const player of players) this.players.delete(player.name!.toLowerCase());
    this.save();
  }

  removeAddresses(addresses: string[]): void {
    for (const address of addresses) this.addresses.delete(address);
    this.save();
  }

  /** Vanilla writes its lists before a command answers. */
  save(): void {
    const entry = (ban: StandInBan, target: object) => ({
      ...target,
      created: vanillaDate(ban.created.toISOString()),
      source: ban.source,
      expires: ban.expires ? vanillaDate(ban.expires.toISOString()) : 'forever',
      reason: ban.reason,
    });
    const write = (name: string, entries: object[]) => writeFileSync(path.join(this.directory, name), JSON.stringify(entries, null, 2));
    write(
      'banned-players.json',
      [...this.players.values()].map((ban) => entry(ban, { uuid: ban.uuid, name: ban.name })),
    );
    write(
      'banned-ips.json',
      [...this.addresses.values()].map((ban) => entry(ban, { ip: ban.ip })),
    );
  }

  private inForce(ban: StandInBan | undefined): StandInBan | undefined {
    return ban && (ban.expires === null || ban.expires.getTime() > Date.now()) ? ban : undefined;
  }
}

function end(ban: StandInBan): { expires?: string } {
  return ban.expires ? { expires: ban.expires.toISOString() } : {};
}
