import { isIP } from 'node:net';
import { normalizeAddress } from '../../lib/addresses.js';
import { banInForce, banRefusal } from '../ban-texts.js';
import type { BanTarget, BanTexts, GameBan, Moderation } from '../port.js';
import { BanFiles } from './ban-files.js';
import type { SquidClient, SquidPlayer, SquidServer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';
import { offlinePlayerUuid } from './offline-uuid.js';
import type { OnlinePlayers } from './online-players.js';

/** Vanilla's words, until Gatehouse gives its own (messages.yml). */
const vanillaTexts: BanTexts = {
  temporary: 'You are banned from this server.\nReason: {reason}\nYour ban ends in {time}',
  permanent: 'You are banned from this server.\nReason: {reason}',
};

/**
 * Bans and kicks on the embedded server: the ban files (./ban-files.ts),
 * checked by the login gate (refusal), a ban removing at once whoever it
 * bans, and the console's ban, ban-ip, pardon, pardon-ip and banlist on the
 * same files (flying-squid's keep bans in memory, by a UUID it does not know
 * yet at login, and lose them at every restart).
 */
export class EmbeddedBans implements EmbeddedModule, Moderation {
  private files!: BanFiles;
  private texts = vanillaTexts;

  constructor(
    private readonly dataDirectory: string,
    private readonly online: OnlinePlayers,
    private readonly now: () => number = Date.now,
  ) {}

  /** Read again at each start, so files edited while the server was down count. */
  async prepare(): Promise<void> {
    this.files = await BanFiles.open(this.dataDirectory);
  }

  setBanTexts(texts: BanTexts): void {
    this.texts = texts;
  }

  async bans(): Promise<GameBan[]> {
    return this.files.all().filter((ban) => banInForce(ban, this.now()));
  }

  async ban(ban: GameBan): Promise<void> {
    await this.files.put(ban);
    const message = banRefusal(this.texts, ban, this.now());
    for (const player of this.online.all()) {
      if (isBannedBy(player, ban)) player.kick(message);
    }
  }

  lift(target: BanTarget): Promise<boolean> {
    return this.files.remove(target);
  }

  async kick(name: string, message: string): Promise<void> {
    this.online.require(name).kick(message);
  }

  /** Why this client may not join, or undefined: a ban of its player or its address in force now. */
  refusal(client: SquidClient, rawAddress: string): string | undefined {
    const now = this.now();
    const inForce = [this.files.find({ player: { name: client.username, uuid: client.uuid ?? '' } }), this.files.find({ address: normalizeAddress(rawAddress) })].find(
      (ban) => ban !== undefined && banInForce(ban, now),
    );
    return inForce && banRefusal(this.texts, inForce, now);
  }

  attach(serv: SquidServer): void {
    for (const base of ['ban-ip', 'pardon-ip', 'banlist']) {
      for (const table of [serv.commands.hash, serv.commands.uniqueHash]) {
        for (const [key, command] of Object.entries(table)) if (command.params.base === base) delete table[key];
      }
    }
    const addCommand = (base: string, usage: string, info: string, action: (words: string[]) => Promise<string>) =>
      serv.commands.add({
        base,
        info,
        usage,
        op: true,
        action: (args: string) =>
          action(
            String(args ?? '')
              .trim()
              .split(/\s+/)
              .filter(Boolean),
          ),
      });
    addCommand('ban', '/ban <player> [reason]', 'Ban a player', async ([name, ...reason]) => {
      if (!name || !/^[A-Za-z0-9_]{1,16}$/.test(name)) return 'Usage: /ban <player> [reason]';
      const player = this.online.find(name);
      await this.ban(this.consoleBan({ player: { name: player?.username ?? name, uuid: player?.uuid ?? offlinePlayerUuid(name) } }, reason));
      return `Banned ${player?.username ?? name}: ${reason.join(' ') || 'Banned by an operator.'}`;
    });
    addCommand('ban-ip', '/ban-ip <address> [reason]', 'Ban an address', async ([address, ...reason]) => {
      if (!address || isIP(address) === 0) return 'Usage: /ban-ip <address> [reason]';
      await this.ban(this.consoleBan({ address }, reason));
      return `Banned IP ${address}: ${reason.join(' ') || 'Banned by an operator.'}`;
    });
    addCommand('pardon', '/pardon <player>', 'Lift the ban of a player', async ([name]) => {
      if (!name) return 'Usage: /pardon <player>';
      return (await this.lift({ player: { name, uuid: '' } })) ? `Unbanned ${name}` : 'Nothing changed. The player isn\u2019t banned';
    });
    addCommand('pardon-ip', '/pardon-ip <address>', 'Lift the ban of an address', async ([address]) => {
      if (!address) return 'Usage: /pardon-ip <address>';
      return (await this.lift({ address })) ? `Unbanned IP ${address}` : 'Nothing changed. That IP isn\u2019t banned';
    });
    addCommand('banlist', '/banlist', 'List the bans', async () => {
      const bans = await this.bans();
      if (bans.length === 0) return 'There are no bans';
      return [`There are ${bans.length} ban(s):`, ...bans.map((ban) => `${ban.player?.name ?? ban.address} was banned by ${ban.source}: ${ban.reason}`)].join('\n');
    });
  }

  /** A ban typed on the console: by the server, as vanilla records it. */
  private consoleBan(target: BanTarget, reason: string[]): GameBan {
    return { ...target, reason: reason.join(' ') || 'Banned by an operator.', source: 'Server', created: new Date(this.now()).toISOString(), expires: null };
  }
}

/** Whether `ban` is of this online player: their UUID or name, or the address they joined from. */
function isBannedBy(player: SquidPlayer, ban: GameBan): boolean {
  if (ban.address !== undefined) return normalizeAddress(player._client.socket?.remoteAddress ?? '') === ban.address;
  return ban.player!.uuid ? player.uuid === ban.player!.uuid : player.username.toLowerCase() === ban.player!.name.toLowerCase();
}
