/**
 * `npm run bench -- bridge`: a bridge request's round trip, sidecar to
 * plugin and back, at 1 and 50 in flight, against the real plugin jar in
 * the JVM harness (goals at 50 in flight: p99 under 5 ms for work on the
 * plugin's socket thread, under one tick + 5 ms for main-thread work at
 * the next tick), and against the Node stand-in plugin for comparison.
 */
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { BridgeGameAdapter } from '../src/game/bridge/adapter.js';
import { eventually } from '../test/helpers/bots.js';
import { FakePlugin } from '../test/helpers/fake-plugin.js';
import { startBridgeGatehouse, temporaryDirectory } from '../test/helpers/gatehouse.js';
import { PaperHarness } from '../test/helpers/harness.js';
import { judge, loadNow } from './goals.js';

/** p50 and p99 of `call` at 1 and at 50 requests in flight, after a warm-up; answers the p99 at 50. */
async function roundTrips(label: string, call: () => Promise<unknown>, requests: { alone: number; together: number }): Promise<number> {
  for (let warm = 0; warm < 200; warm += 1) await call();
  console.log(`   ${label}`);
  let p99AtFifty = 0;
  for (const inFlight of [1, 50]) {
    const times: number[] = [];
    const rounds = Math.ceil((inFlight === 1 ? requests.alone : requests.together) / inFlight);
    for (let round = 0; round < rounds; round += 1) {
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          const started = performance.now();
          await call();
          times.push(performance.now() - started);
        }),
      );
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
    if (inFlight === 50) p99AtFifty = at(0.99);
    console.log(`     ${String(inFlight).padStart(2)} in flight: p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms (${times.length} requests)`);
  }
  return p99AtFifty;
}

/**
 * Sidecar to plugin and back. Against the real plugin jar in the JVM harness:
 * operators.isOperator (asked on every admin request; the plugin answers it
 * on its socket thread from a copy of the operators) and whitelist.isEnabled
 * (answered on the main thread), with main-thread work as soon as the thread
 * is free and then, as on Paper, at the next 50 ms tick. Not players.online:
 * the sidecar shares it between callers for a tick
 * (src/game/read-once-a-tick.ts), so most of its asks would never reach the
 * plugin. Against the Node stand-in plugin for comparison.
 */
export async function bridgeRoundTrip(): Promise<void> {
  const server = await startBridgeGatehouse('bench-token-for-tests-0123456789abcdef', 5000, { checkAnswers: false });
  const bridge = server.gatehouse.game as BridgeGameAdapter;
  const directory = await temporaryDirectory('gatehouse-bench-harness-');
  const isOperator = () => server.gatehouse.game.operators.isOperator('Steve');
  const mainThreadRead = () => bridge.require('whitelist').isEnabled();
  const connected = () => eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
  console.log('\n5. Bridge round trip, sidecar to plugin and back');
  try {
    for (const ticks of [false, true]) {
      const harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, 'bench-token-for-tests-0123456789abcdef'), ticks });
      try {
        await connected();
        const mode = ticks ? 'main-thread work at the next 50 ms tick, as on Paper' : 'main-thread work as soon as the thread is free';
        let loadAtStart = loadNow();
        const socketThread = await roundTrips(`real plugin in the JVM harness, ${mode}; operators.isOperator (socket thread):`, isOperator, { alone: 4000, together: 4000 });
        console.log(
          `     p99 at 50 in flight ${judge(`bridge round trip, socket-thread work, 50 in flight, p99 (${ticks ? 'ticking' : 'free'} main thread)`, socketThread, 'under', 5, { unit: ' ms', loadAtStart })}`,
        );
        loadAtStart = loadNow();
        const mainThread = await roundTrips(
          `real plugin in the JVM harness, ${mode}; whitelist.isEnabled (main thread):`,
          mainThreadRead,
          ticks ? { alone: 200, together: 2000 } : { alone: 4000, together: 4000 },
        );
        if (ticks) {
          console.log(
            `     p99 at 50 in flight ${judge('bridge round trip, main-thread work at the next tick, 50 in flight, p99', mainThread, 'under', 55, { unit: ' ms (one tick + 5 ms)', loadAtStart })}`,
          );
        }
      } finally {
        await harness.stop();
      }
      await eventually(() => (bridge.isConnected() ? undefined : true), 2000, 'the plugin to disconnect');
    }
    const plugin = await FakePlugin.connect(bridge.port);
    try {
      await plugin.hello('bench-token-for-tests-0123456789abcdef');
      plugin.handlers.set('operators.isOperator', () => true);
      await connected();
      await roundTrips('Node stand-in plugin (test/helpers/fake-plugin.ts), operators.isOperator, for comparison:', isOperator, { alone: 4000, together: 4000 });
    } finally {
      plugin.close();
    }
  } finally {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  }
}
