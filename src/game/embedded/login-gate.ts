import type { EventEmitter } from 'node:events';
import { normalizeAddress } from '../../lib/addresses.js';
import type { GameEvents } from '../port.js';
import type { SquidClient, SquidServer } from './flying-squid.js';
import type { EmbeddedBans } from './bans.js';
import type { EmbeddedModule, RunningServer } from './module.js';
import type { PlayerLists } from './player-lists.js';
import type { LiveSettings } from './settings.js';

/**
 * Refuses logins before they begin, where a refusal carries its reason and
 * nobody sees a join: a ban of the player or the address (./bans.ts), duplicate
 * name, whitelist, full server. flying-squid's own ban and duplicate checks run
 * before the player has a UUID, so they never match, and it has no whitelist
 * or player limit at all.
 */
export class LoginGate implements EmbeddedModule {
  /** Everyone past the gate, by lower-case name, so a second login with the same name is refused. */
  private readonly admitted = new Map<string, SquidClient>();

  constructor(
    private readonly running: RunningServer,
    private readonly lists: PlayerLists,
    private readonly bans: EmbeddedBans,
    private readonly settings: LiveSettings,
    private readonly events: EventEmitter<GameEvents>,
  ) {}

  attach(serv: SquidServer): void {
    serv._server.options.beforeLogin = (client: SquidClient) => {
      const rawAddress = client.socket?.remoteAddress ?? 'unknown';
      const reason = this.refusal(serv, client, rawAddress);
      if (reason) {
        this.events.emit('loginRefused', { name: client.username, uuid: client.uuid ?? null, ipAddress: normalizeAddress(rawAddress), reason });
        client.end(reason);
        return;
      }
      const key = client.username.toLowerCase();
      this.admitted.set(key, client);
      client.once('end', () => {
        if (this.admitted.get(key) === client) this.admitted.delete(key);
      });
    };
  }

  private refusal(serv: SquidServer, client: SquidClient, rawAddress: string): string | undefined {
    const operator = this.lists.operator(client.username);
    // A server being stopped (or restarted) still accepts connections until its listener closes.
    if (this.running.get() !== serv) return 'The server is restarting; join again in a moment';
    const banned = this.bans.refusal(client, rawAddress);
    if (banned) return banned;
    if (this.admitted.has(client.username.toLowerCase())) return 'You are already connected to this server';
    if (this.settings.whitelistEnabled && !operator && !this.lists.isWhitelisted(client.username)) return 'You are not white-listed on this server!';
    if (this.admitted.size >= this.settings.maxPlayers && !operator?.bypassesPlayerLimit) return 'The server is full!';
    return undefined;
  }
}
