/**
 * `npm run bench -- network`: the round trip of an admin request about a
 * player on another server of the network: POST
 * /api/admin/teleport-coordinates through the instance the player is not on
 * (carried by a call row and LISTEN/NOTIFY to the player's instance and
 * back), beside the same request through the player's own instance in the
 * same run. Two instances on a throwaway PostgreSQL with fsync on, each with
 * its embedded game server; the player is a mineflayer bot. p50 and p99 of
 * 300 sequential requests each.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EmbeddedGameServer } from '../src/game/embedded/adapter.js';
import type { NetworkGame } from '../src/network/network-game.js';
import { eventually, joinBot, leave } from '../test/helpers/bots.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../test/helpers/gatehouse.js';
import { ThrowawayPostgres, uniquePrefix } from '../test/helpers/postgres.js';

const token = 'bench-network-token-for-tests-0123456789abcdef';

export async function crossInstanceRoundTrip(): Promise<void> {
  console.log('\n15. Admin request about a player on another server of the network (POST /api/admin/teleport-coordinates, 300 sequential requests): p50 / p99');
  let postgres: ThrowawayPostgres;
  try {
    postgres = await ThrowawayPostgres.start({ durable: true });
  } catch (error) {
    console.log(`   skipped: PostgreSQL cannot be started here: ${(error as Error).message}`);
    return;
  }
  const directory = await temporaryDirectory('gatehouse-bench-network-');
  const prefix = uniquePrefix('bench');
  const servers: TestGatehouse[] = [];
  try {
    for (const id of ['survival', 'creative']) {
      const dataDirectory = path.join(directory, id);
      await mkdir(dataDirectory, { recursive: true });
      servers.push(
        await startTestGatehouse(
          (config) => {
            config.serverId = id;
            config.token = token;
            config.storage.type = 'postgresql';
            config.storage.postgresql = postgres.settings(prefix, 10);
          },
          { dataDirectory, checkAnswers: false },
        ),
      );
    }
    const [survival, creative] = servers as [TestGatehouse, TestGatehouse];
    const bot = await joinBot(((survival.gatehouse.game as NetworkGame).local as EmbeddedGameServer).port, 'Traveller');
    try {
      await eventually(async () => ((await api(creative.baseUrl, 'GET', '/api/players', { token })).body.count === 1 ? true : undefined), 10_000, 'the bot seen from creative');
      const time = async (server: TestGatehouse) => {
        const teleport = (round: number) =>
          api(server.baseUrl, 'POST', '/api/admin/teleport-coordinates', { token, body: { player: 'Traveller', world: 'world', x: round % 50, y: 6, z: 0 } });
        for (let warm = 0; warm < 30; warm += 1) await teleport(warm);
        const times: number[] = [];
        for (let round = 0; round < 300; round += 1) {
          const started = performance.now();
          const answer = await teleport(round);
          times.push(performance.now() - started);
          if (answer.status !== 200) throw new Error(`teleport: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        times.sort((a, b) => a - b);
        return { p50: times[150]!, p99: times[297]! };
      };
      const local = await time(survival);
      const remote = await time(creative);
      console.log(`   through the player's own instance: ${local.p50.toFixed(2)} / ${local.p99.toFixed(2)} ms`);
      console.log(
        `   through the other instance (carried across the database): ${remote.p50.toFixed(2)} / ${remote.p99.toFixed(2)} ms; the crossing adds ${(remote.p50 - local.p50).toFixed(2)} ms at p50`,
      );
    } finally {
      await leave(bot);
    }
  } finally {
    for (const server of servers) await server.stop();
    await postgres.dispose();
    await rm(directory, { recursive: true, force: true });
  }
}
