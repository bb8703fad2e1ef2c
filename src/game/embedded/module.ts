/**
 * The embedded server is built from modules, in the manner of mineflayer's
 * plugins: each one is a small part with one idea (the login gate, the
 * teleports, the inventories...) that attaches itself to every flying-squid
 * server the adapter starts (once at start, again at each restart) and to
 * every player that server creates. The adapter composes them and answers the
 * game port with their groups.
 */
import { GameUnavailableError } from '../errors.js';
import type { SquidPlayer, SquidServer } from './flying-squid.js';

export interface EmbeddedModule {
  /** Before each start of a server, for what must be read first (files). */
  prepare?(): Promise<void>;
  /** To each new server, once it listens and before anyone can join. */
  attach?(serv: SquidServer): void;
  /** To each player the server creates, before flying-squid runs its login. */
  watchPlayer?(player: SquidPlayer, serv: SquidServer): void;
}

/** The flying-squid server running now, shared by the modules; none while stopped or between the two halves of a restart. */
export class RunningServer {
  private serv: SquidServer | undefined;

  get(): SquidServer | undefined {
    return this.serv;
  }

  /** Throws GameUnavailableError (503 at the API) while no server runs. */
  require(): SquidServer {
    if (!this.serv) throw new GameUnavailableError('the embedded game server is not running');
    return this.serv;
  }

  set(serv: SquidServer | undefined): void {
    this.serv = serv;
  }
}
