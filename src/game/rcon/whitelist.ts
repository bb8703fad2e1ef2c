import type { PlayerRef, Whitelist } from '../port.js';
import { playerArgument } from './arguments.js';
import type { RconCommand } from './connection.js';
import type { ManagedLists } from './managed-lists.js';
import type { ManagementClient } from './management.js';
import { parseListUuids, parseWhitelistChange, parseWhitelistList, parseWhitelistSwitch } from './replies.js';
import type { ServerFiles } from './server-files.js';

/**
 * The whitelist by vanilla's `whitelist` command. Its entries come from the
 * management protocol while it is connected, else from whitelist.json where
 * the server's directory is known, else from `whitelist list` (which has
 * names only: UUIDs of the players online are added). Whether it is on is
 * the server's own `white-list` in server.properties, which vanilla rewrites
 * at each `whitelist on|off`, typed on its console too.
 */
export class RconWhitelist implements Whitelist {
  /** The state the last on/off command left: vanilla has no command that asks it, so it answers only where no file can. */
  private enabledNow: boolean | undefined;

  constructor(
    private readonly command: RconCommand,
    private readonly files: ServerFiles | undefined,
    private readonly management: ManagementClient | undefined,
    private readonly managed: ManagedLists,
  ) {}

  async isEnabled(): Promise<boolean> {
    if (this.management?.connected) return this.management.call<boolean>('serversettings/use_allowlist');
    return (await this.files?.settings())?.whitelistEnabled ?? this.enabledNow ?? false;
  }

  async setEnabled(enabled: boolean): Promise<void> {
    parseWhitelistSwitch(await this.command(`whitelist ${enabled ? 'on' : 'off'}`));
    this.enabledNow = enabled;
  }

  async isWhitelisted(name: string): Promise<boolean> {
    return (await this.list()).some((entry) => entry.name.toLowerCase() === name.toLowerCase());
  }

  async list(): Promise<PlayerRef[]> {
    const managed = this.managed.allowlist;
    if (managed) return managed;
    if (this.files) return this.files.whitelist();
    const names = parseWhitelistList(await this.command('whitelist list'));
    const online = parseListUuids(await this.command('list uuids')).players;
    return names.map((name) => ({ name, uuid: online.find((player) => player.name === name)?.uuid ?? '' }));
  }

  async add(name: string): Promise<boolean> {
    const changed = parseWhitelistChange(await this.command(`whitelist add ${playerArgument(name)}`));
    if (changed) this.managed.noteAllowlisted(name, true);
    return changed;
  }

  async remove(name: string): Promise<boolean> {
    const changed = parseWhitelistChange(await this.command(`whitelist remove ${playerArgument(name)}`));
    if (changed) this.managed.noteAllowlisted(name, false);
    return changed;
  }
}
