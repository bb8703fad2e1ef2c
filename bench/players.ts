/**
 * `npm run bench -- players`: GET /api/players with 500 players online and
 * GET /api/server/stats, p50 and p99 over HTTP (goal: p99 under 5 ms). The
 * 500 players come from the Node stand-in plugin (test/helpers/fake-plugin.ts):
 * no game here can hold 500 real clients.
 */
import { performance } from 'node:perf_hooks';
import type { BridgeGameAdapter } from '../src/game/bridge/adapter.js';
import { eventually } from '../test/helpers/bots.js';
import { FakePlugin } from '../test/helpers/fake-plugin.js';
import { api, startBridgeGatehouse } from '../test/helpers/gatehouse.js';

export async function playersAndStats(): Promise<void> {
  const server = await startBridgeGatehouse('bench-token-for-tests-0123456789abcdef', 5000, { checkAnswers: false });
  const bridge = server.gatehouse.game as BridgeGameAdapter;
  const plugin = await FakePlugin.connect(bridge.port);
  try {
    const players = Array.from({ length: 500 }, (_, index) => ({
      name: `Crowd${index}`,
      uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      ipAddress: `10.0.${Math.floor(index / 250)}.${index % 250}`,
      location: { world: 'world', x: index, y: 64, z: -index, yaw: 0, pitch: 0 },
      gameMode: 'survival',
      ping: 20 + (index % 40),
    }));
    plugin.handlers.set('operators.isOperator', () => false);
    plugin.handlers.set('players.online', () => players);
    plugin.handlers.set('teleports.worlds', () => ['world', 'world_nether', 'world_the_end']);
    plugin.handlers.set('performance.ticks', () => ({ oneMinute: 19.98, fiveMinutes: 19.99, fifteenMinutes: 20, millisecondsPerTick: 12.5 }));
    plugin.handlers.set('performance.memory', () => ({ usedBytes: 2_000_000_000, maxBytes: 4_000_000_000 }));
    await plugin.hello('bench-token-for-tests-0123456789abcdef', ['operators', 'teleports', 'performance', 'whitelist', 'messaging']);
    await eventually(() => (bridge.isConnected() ? true : undefined), 5000, 'the stand-in to connect');
    const time = async (urlPath: string, rounds = 500) => {
      for (let warm = 0; warm < 50; warm += 1) await api(server.baseUrl, 'GET', urlPath, { token: 'bench-token-for-tests-0123456789abcdef' });
      const times: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const started = performance.now();
        const response = await api(server.baseUrl, 'GET', urlPath, { token: 'bench-token-for-tests-0123456789abcdef' });
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${urlPath}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
      }
      times.sort((a, b) => a - b);
      const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
      return { p50: at(0.5), p99: at(0.99) };
    };
    const list = await time('/api/players');
    const stats = await time('/api/server/stats');
    console.log('\n8. GET /api/players with 500 players online (the Node stand-in plugin), and GET /api/server/stats (500 sequential requests each, as an admin)');
    console.log(`   /api/players: p50 ${list.p50.toFixed(2)} ms, p99 ${list.p99.toFixed(2)} ms (goal p99 < 5 ms: ${list.p99 < 5 ? 'met' : 'NOT met'})`);
    console.log(`   /api/server/stats: p50 ${stats.p50.toFixed(2)} ms, p99 ${stats.p99.toFixed(2)} ms (goal p99 < 5 ms: ${stats.p99 < 5 ? 'met' : 'NOT met'})`);
  } finally {
    plugin.close();
    await server.stop();
  }
}
