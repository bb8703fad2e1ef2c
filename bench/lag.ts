/**
 * `npm run bench -- lag`: the event loop's lag (p99, max) during 20
 * concurrent logins at the production bcrypt cost (goal: p99 under 20 ms),
 * beside the same 20 checks on the main thread for comparison.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import { registeredUser } from '../test/helpers/accounts.js';
import { api, startTestGatehouse } from '../test/helpers/gatehouse.js';
import { judge, loadNow } from './goals.js';

/** The event loop's delay while `work` runs: p99 and max, ms, and how long it took. */
export async function measureLag<T>(work: () => Promise<T>): Promise<{ p99: number; max: number; ms: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  // The sampling timer arms on the next turn of the loop; work that blocks before then goes unseen.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  // Let the timer that samples the delay fire once more, so a long synchronous block is counted.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, ms };
}

export async function loginLag(): Promise<void> {
  // The production cost factor (10), not the tests' 4.
  const server = await startTestGatehouse(
    (config) => {
      config.accounts.bcryptRounds = 10;
    },
    { checkAnswers: false },
  );
  try {
    const users = Array.from({ length: 20 }, (_, index) => `lag_user_${index}`);
    for (const [index, username] of users.entries()) await registeredUser(server.gatehouse, server.baseUrl, username, `LagPlayer${index}`, 'lag-password');
    const loadAtStart = loadNow();
    const inWorkers = await measureLag(() =>
      Promise.all(users.map((username) => api(server.baseUrl, 'POST', '/api/auth/login', { body: { username, password: 'lag-password' } }))),
    );
    const hash = (await server.gatehouse.store.users.findByUsername(users[0]!))!.passwordHash;
    const onMainThread = await measureLag(() => Promise.all(users.map(() => Promise.resolve(bcrypt.compareSync('lag-password', hash)))));
    console.log('\n1. Event-loop lag during 20 concurrent logins (bcrypt cost 10)');
    console.log(`   in worker threads (Gatehouse): p99 ${inWorkers.p99.toFixed(1)} ms, max ${inWorkers.max.toFixed(1)} ms; all 20 answered in ${inWorkers.ms.toFixed(0)} ms`);
    console.log(`   same checks on the main thread: p99 ${onMainThread.p99.toFixed(1)} ms, max ${onMainThread.max.toFixed(1)} ms (for comparison)`);
    console.log(`   p99 ${judge('event-loop lag during 20 concurrent logins, p99', inWorkers.p99, 'under', 20, { unit: ' ms', loadAtStart })}`);
  } finally {
    await server.stop();
  }
}
