/**
 * The names of the players online now (GET /api/players), for the forms that
 * act on one. Read again every 10 seconds while the tab is visible, so a
 * player who joins while the page is open can be chosen without a reload.
 */
import { api, data } from '../../api.js';
import { type Loaded, useLoad, usePolling } from '../../parts/load.js';

const onlinePlayersEveryMs = 10_000;

export function useOnlinePlayers(): Loaded<string[]> {
  const online = useLoad(async () => (await data(api.request('get', '/api/players'))).players.map((player) => player.name).sort((a, b) => a.localeCompare(b)), []);
  usePolling(online.reload, onlinePlayersEveryMs);
  return online;
}
