/**
 * The answers of GET /api/players, each made once for the list of players
 * it shows. On Paper and over RCON the game's list is shared by every
 * caller for a tick (src/game/read-once-a-tick.ts), and dashboards poll it:
 * 500 players are some 100 KB of JSON, which took most of a request's time
 * to write out again at each one. An answer is made again when anything it
 * shows differs: another list from the game, another view (an admin's, one
 * server's), a player's web account made since, or the most players the
 * server takes. Where the game makes a new list at each read (the embedded
 * server, a network) it is made at each request, as before.
 */
import type { OnlinePlayer } from '../../game/port.js';
import { onlinePlayerAnswer } from './answers.js';

export interface OnlinePlayersView {
  forAdmin: boolean;
  /** One server's players only (a network's `server` query), or everyone's. */
  server: string | undefined;
  /** This server's server.id, for players the game gives no server. */
  ownServerId: string;
  maxPlayers: number;
}

interface MadeAnswer {
  withAccounts: readonly boolean[];
  maxPlayers: number;
  body: ReturnType<typeof answerOf>;
  json: string;
}

function answerOf(players: readonly OnlinePlayer[], withAccounts: readonly boolean[], view: OnlinePlayersView) {
  return {
    success: true as const,
    players: players.map((player, index) => onlinePlayerAnswer(player, { hasAccount: withAccounts[index]!, server: player.server ?? view.ownServerId, forAdmin: view.forAdmin })),
    count: players.length,
    max: view.maxPlayers,
  };
}

export class OnlinePlayersAnswers {
  /** By the game's list (an adapter's shared one; a list made for one caller goes with its request), then by view. */
  private readonly made = new WeakMap<readonly OnlinePlayer[], Map<string, MadeAnswer>>();

  /**
   * The answer for `everyone` (the game's list as it came) seen in `view`;
   * `accountsOf` says which players have a web account, asked at each request
   * since an account may be made at any time.
   */
  async answer(
    everyone: readonly OnlinePlayer[],
    view: OnlinePlayersView,
    accountsOf: (uuids: readonly string[]) => Promise<Set<string>>,
  ): Promise<{ body: MadeAnswer['body']; json: string }> {
    const players = view.server === undefined ? everyone : everyone.filter((player) => (player.server ?? view.ownServerId) === view.server);
    const accounts = await accountsOf(players.map((player) => player.uuid));
    const withAccounts = players.map((player) => accounts.has(player.uuid));
    const key = `${view.forAdmin ? 'admin' : 'player'} ${view.server === undefined ? '*' : `=${view.server}`}`;
    let byView = this.made.get(everyone);
    const kept = byView?.get(key);
    if (kept && kept.maxPlayers === view.maxPlayers && sameFlags(kept.withAccounts, withAccounts)) return kept;
    const body = answerOf(players, withAccounts, view);
    const made = { withAccounts, maxPlayers: view.maxPlayers, body, json: JSON.stringify(body) };
    if (!byView) {
      byView = new Map();
      this.made.set(everyone, byView);
    }
    byView.set(key, made);
    return made;
  }
}

function sameFlags(a: readonly boolean[], b: readonly boolean[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
