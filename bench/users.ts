/**
 * `npm run bench -- users`: the admin user list at 100,000 users (page 1,
 * the last page, a search; goal: fast), start-up with them, and what a
 * login's lastLogin write costs at that size.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { usersPerShard } from '../src/store/json/users.js';
import { api, startTestGatehouse, temporaryDirectory } from '../test/helpers/gatehouse.js';
import { measureLag } from './lag.js';

/**
 * `count` players with web accounts, written straight into the JSON store's
 * user shards (creating them one by one through the store would rewrite a
 * shard for each); answers the bytes written.
 */
export async function writeUsers(dataDirectory: string, count: number): Promise<number> {
  await mkdir(path.join(dataDirectory, 'users'), { recursive: true });
  let size = 0;
  for (let shard = 0; shard * usersPerShard < count; shard += 1) {
    const users = [];
    for (let index = shard * usersPerShard; index < Math.min(count, (shard + 1) * usersPerShard); index += 1) {
      users.push({
        id: index + 1,
        username: `player_${index}`,
        passwordHash: '$2b$10$abcdefghijklmnopqrstuuM0WbYQ8u6b0bqq0U9Vq1V0r1d3p9yAa',
        email: `player_${index}@example.com`,
        gameUsername: `Player${index}`,
        gameUuid: `00000000-0000-3000-8000-${String(index).padStart(12, '0')}`,
        createdAt: '2026-11-01T00:00:00.000Z',
        lastLogin: null,
      });
    }
    const text = JSON.stringify({ users });
    size += text.length;
    await writeFile(path.join(dataDirectory, 'users', `users-${String(shard).padStart(6, '0')}.json`), text);
  }
  return size;
}

export async function usersAtScale(): Promise<void> {
  const count = 100_000;
  const dataDirectory = await temporaryDirectory('gatehouse-bench-users-');
  try {
    const size = await writeUsers(dataDirectory, count);
    const startStarted = performance.now();
    const server = await startTestGatehouse((config) => (config.token = 'bench-token-for-tests-0123456789abcdef'), { dataDirectory, checkAnswers: false });
    const startMs = performance.now() - startStarted;
    try {
      const time = async (urlPath: string, rounds = 20) => {
        const started = performance.now();
        for (let round = 0; round < rounds; round += 1) {
          const response = await api(server.baseUrl, 'GET', urlPath, { token: 'bench-token-for-tests-0123456789abcdef' });
          if (response.status !== 200) throw new Error(`${urlPath}: ${response.status}`);
        }
        return (performance.now() - started) / rounds;
      };
      const first = await time('/api/admin/users');
      const last = await time(`/api/admin/users?page=${count / 100}&limit=100`);
      const search = await time('/api/admin/users?search=player_9999');
      const lag = await measureLag(async () => {
        await server.gatehouse.store.users.recordLogin(1, new Date().toISOString());
      });
      console.log(`\n4. Admin user list at ${count.toLocaleString('en-US')} users (${(size / 1e6).toFixed(1)} MB in ${count / usersPerShard} shard files; mean of 20 requests)`);
      console.log(
        `   page 1 (50): ${first.toFixed(1)} ms; last page (100): ${last.toFixed(1)} ms; search "player_9999": ${search.toFixed(1)} ms; start-up with them: ${startMs.toFixed(0)} ms`,
      );
      console.log(`   a login's lastLogin write at this size: ${lag.ms.toFixed(1)} ms, event-loop max ${lag.max.toFixed(1)} ms`);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDirectory, { recursive: true, force: true });
  }
}
