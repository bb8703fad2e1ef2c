/** The names of the players online now (GET /api/players), for the forms that act on one. */
import { api, data } from '../../api.js';
import { type Loaded, useLoad } from '../../parts/load.js';

export function useOnlinePlayers(): Loaded<string[]> {
  return useLoad(async () => (await data(api.request('get', '/api/players'))).players.map((player) => player.name).sort((a, b) => a.localeCompare(b)), []);
}
