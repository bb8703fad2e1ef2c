import { banInForce } from '../ban-texts.js';
import type { BanTarget, GameBan, Moderation } from '../port.js';
import { addressArgument, checkCommandLength, messageArgument, playerArgument } from './arguments.js';
import type { RconCommand } from './connection.js';
import type { ManagementClient } from './management.js';
import { checkKick, parseBanChange } from './replies.js';
import type { ServerFiles } from './server-files.js';

interface WireBan {
  player?: { id?: string; name?: string };
  ip?: string;
  reason?: string;
  source?: string;
  expires?: string;
}

/**
 * Bans and kicks on a vanilla server, which words its refusals itself (the
 * reason, and the date a ban ends). With the management protocol connected,
 * its bans and IP bans (with a reason, a source and an end: the server lifts
 * a ban at its end itself); else the `ban`, `ban-ip`, `pardon` and
 * `pardon-ip` commands, which take no end (Gatehouse lifts such a ban when
 * it ends), and the ban files where the server's directory is known. Kicks
 * are the `kick` command, in every version. Every value is checked before a
 * command is built from it.
 */
export class RconModeration implements Moderation {
  constructor(
    private readonly command: RconCommand,
    private readonly files: ServerFiles | undefined,
    private readonly management: ManagementClient | undefined,
  ) {}

  async bans(): Promise<GameBan[]> {
    const now = Date.now();
    if (this.management?.connected) {
      const [players, addresses] = await Promise.all([this.management.call<WireBan[]>('bans'), this.management.call<WireBan[]>('ip_bans')]);
      const details = (ban: WireBan) => ({ reason: ban.reason ?? '', source: ban.source ?? '', created: null, expires: ban.expires ?? null });
      return [
        ...players.filter((ban) => ban.player?.name).map((ban) => ({ player: { name: ban.player!.name!, uuid: ban.player!.id ?? '' }, ...details(ban) })),
        ...addresses.filter((ban) => ban.ip).map((ban) => ({ address: ban.ip!, ...details(ban) })),
      ].filter((ban) => banInForce(ban, now));
    }
    if (this.files) return (await this.files.bans()).filter((ban) => banInForce(ban, now));
    throw new Error('a vanilla server over RCON tells its bans only through the management protocol or its ban files (set game.rcon.server-directory)');
  }

  async ban(ban: GameBan): Promise<void> {
    if (this.management?.connected) {
      const wire = { reason: ban.reason, source: ban.source, ...(ban.expires === null ? {} : { expires: ban.expires }) };
      if (ban.player)
        await this.management.call('bans/add', { add: [{ player: { ...(ban.player.uuid ? { id: ban.player.uuid } : {}), name: playerArgument(ban.player.name) }, ...wire }] });
      else await this.management.call('ip_bans/add', { add: [{ ip: addressArgument(ban.address!), ...wire }] });
      return;
    }
    const reason = messageArgument(ban.reason);
    // The command keeps an earlier ban as it was: lifted first, so this one replaces it.
    const [banCommand, pardon, target] = ban.player ? ['ban', 'pardon', playerArgument(ban.player.name)] : ['ban-ip', 'pardon-ip', addressArgument(ban.address!)];
    parseBanChange(await this.command(`${pardon} ${target}`), pardon);
    parseBanChange(await this.command(checkCommandLength(`${banCommand} ${target} ${reason}`, 'reason')), banCommand);
  }

  async lift(target: BanTarget): Promise<boolean> {
    if (this.management?.connected) {
      const before = await this.bans();
      if ('player' in target) {
        const name = playerArgument(target.player.name);
        if (!before.some((ban) => ban.player?.name.toLowerCase() === name.toLowerCase())) return false;
        await this.management.call('bans/remove', { remove: [{ ...(target.player.uuid ? { id: target.player.uuid } : {}), name }] });
        return true;
      }
      const address = addressArgument(target.address);
      if (!before.some((ban) => ban.address === address)) return false;
      await this.management.call('ip_bans/remove', { ip: [address] });
      return true;
    }
    if ('player' in target) return parseBanChange(await this.command(`pardon ${playerArgument(target.player.name)}`), 'pardon');
    return parseBanChange(await this.command(`pardon-ip ${addressArgument(target.address)}`), 'pardon-ip');
  }

  async kick(name: string, message: string): Promise<void> {
    checkKick(await this.command(checkCommandLength(`kick ${playerArgument(name)} ${messageArgument(message)}`, 'message')), name);
  }
}
