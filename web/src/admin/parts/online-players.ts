/**
 * The names of the players online now (GET /api/players), for the forms that
 * act on one and the overview's list. Read again when a player joins or
 * leaves (the live events), so one who joins while the page is open can be
 * chosen without a reload; every 10 seconds only while the stream is away.
 */
import { api, data } from '../../api.js';
import { useLiveReload } from '../../parts/live.js';
import { type Loaded, useLoad } from '../../parts/load.js';

const onlinePlayersEveryMs = 10_000;

export function useOnlinePlayers(): Loaded<string[]> {
  const online = useLoad(async () => (await data(api.request('get', '/api/players'))).players.map((player) => player.name).sort((a, b) => a.localeCompare(b)), []);
  useLiveReload(['player.joined', 'player.left'], online.reload, onlinePlayersEveryMs);
  return online;
}
