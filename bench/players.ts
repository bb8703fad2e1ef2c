/**
 * `npm run bench -- players`: GET /api/players with 500 players online and
 * GET /api/server/stats, p50 and p99 over HTTP one request at a time, in
 * paired rounds with GET /api/health, the reference (goals: p99 under 5 ms,
 * and at most twice /api/health's p99 in the same run). The
 * 500 players come from the Node stand-in plugin (test/helpers/fake-plugin.ts)
 * in a process of its own (./plugin-process.ts), as the real plugin is in
 * the game's JVM: no game here can hold 500 real clients.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BridgeGameAdapter } from '../src/game/bridge/adapter.js';
import { eventually } from '../test/helpers/bots.js';
import { startBridgeGatehouse } from '../test/helpers/gatehouse.js';
import { withServerPinned } from './cores.js';
import { judge, loadNow } from './goals.js';
import { profiledRound } from './profile.js';
import { describeRatio, median, pairedRounds, ratioOf } from './rounds.js';
import { wrkRound } from './wrk.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = 2;
const rounds = 5;

export async function playersAndStats(): Promise<void> {
  const token = 'bench-token-for-tests-0123456789abcdef';
  const server = await startBridgeGatehouse(token, 5000, { checkAnswers: false });
  const bridge = server.gatehouse.game as BridgeGameAdapter;
  const plugin = fork(path.join(here, 'plugin-process.js'), [String(bridge.port), token]);
  // Ended before its time, the stand-in would leave the rounds measuring 503s: the section stops, saying why.
  const ended = new Promise<never>((_, reject) => {
    plugin.once('error', reject);
    plugin.once('exit', (code) => reject(new Error(`the stand-in plugin's process ended (${code})`)));
  });
  ended.catch(() => undefined);
  try {
    await Promise.race([once(plugin, 'message'), ended]);
    await eventually(() => (bridge.isConnected() ? true : undefined), 5000, 'the stand-in to connect');
    const p50s: Record<string, number[]> = { health: [], players: [], stats: [] };
    // One request at a time from wrk (1 connection) on its own core: each request's own time, p99 of each round.
    const latency = (name: 'health' | 'players' | 'stats', urlPath: string) => async () => {
      const round = await Promise.race([wrkRound(server.baseUrl, { kind: 'get', path: urlPath, bearer: token }, 1, seconds), ended]);
      if (round.refused > 0 || round.errors > 0) throw new Error(`${urlPath}: ${round.refused} answers not 2xx, ${round.errors} socket errors`);
      p50s[name]!.push(round.p50);
      return round.p99;
    };
    const sides = { health: latency('health', '/api/health'), players: latency('players', '/api/players'), stats: latency('stats', '/api/server/stats') };
    for (const side of Object.values(sides)) await withServerPinned(side);
    for (const list of Object.values(p50s)) list.length = 0;
    const loadAtStart = loadNow();
    const p99s = await withServerPinned(() => pairedRounds(sides, rounds));
    console.log(
      `\n8. GET /api/players with 500 players online (the Node stand-in plugin), and GET /api/server/stats, as an admin, against GET /api/health (wrk, 1 connection: one request at a time; ${rounds} paired rounds of ${seconds} s)`,
    );
    for (const name of ['health', 'players', 'stats'] as const) {
      console.log(`   ${name.padEnd(7)} p50 ${p50s[name]!.map((value) => value.toFixed(2)).join(', ')} ms; p99 ${p99s[name].map((value) => value.toFixed(2)).join(', ')} ms`);
    }
    for (const [name, label] of [
      ['players', 'GET /api/players at 500 online'],
      ['stats', 'GET /api/server/stats'],
    ] as const) {
      const p99 = median(p99s[name]);
      const ratio = ratioOf(p99s[name], p99s.health);
      console.log(`   ${label}: p99 ${p99.toFixed(2)} ms ${judge(`${label}, p99`, p99, 'under', 5, { unit: ' ms', loadAtStart })}`);
      console.log(`     p99 / GET /api/health's p99: ${describeRatio(ratio)} ${judge(`${label}, p99 / GET /api/health's p99`, ratio, 'at most', 2, { loadAtStart })}`);
    }
    await profiledRound('players-500', () => withServerPinned(sides.players), false);
  } finally {
    if (plugin.connected) plugin.disconnect();
    await server.stop();
  }
}
