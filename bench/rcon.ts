/**
 * `npm run bench -- rcon`: commands per second over one RCON connection
 * (Gatehouse's link over rcon-client, one command at a time as vanilla reads
 * them), beside a bare client of a dozen lines writing the same packets to
 * the same server in the same run; and GET /api/players through the RCON
 * adapter with 1, 10 and 50 players online. The server is the stand-in
 * vanilla server of the tests (test/helpers/vanilla-stand-in.ts), in a
 * process of its own (./vanilla-process.ts): no vanilla server can run here.
 * It answers at once, where a real server answers between ticks, so these
 * are the costs on Gatehouse's side.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { RconLink } from '../src/game/rcon/link.js';
import { api, startTestGatehouse, temporaryDirectory } from '../test/helpers/gatehouse.js';
import { registeredUser } from '../test/helpers/accounts.js';
import { eventually } from '../test/helpers/bots.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const password = 'bench-rcon';
const seconds = 3;

/** Commands answered in `seconds`, sent one after another. */
async function commandsPerSecond(send: () => Promise<unknown>): Promise<number> {
  for (let warm = 0; warm < 500; warm += 1) await send();
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < seconds * 1000) {
    await send();
    count += 1;
  }
  return count / ((performance.now() - started) / 1000);
}

/** The least a client can do: one packet out, wait for the reply packet, next. */
async function bareClient(port: number): Promise<{ send: () => Promise<void>; close: () => void }> {
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let waiting: (() => void) | undefined;
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 4 && buffered.length >= 4 + buffered.readInt32LE(0)) {
      buffered = buffered.subarray(4 + buffered.readInt32LE(0));
      const done = waiting;
      waiting = undefined;
      done?.();
    }
  });
  const packet = (type: number, body: string) => {
    const payload = Buffer.from(body);
    const buffer = Buffer.alloc(payload.length + 14);
    buffer.writeInt32LE(payload.length + 10, 0);
    buffer.writeInt32LE(1, 4);
    buffer.writeInt32LE(type, 8);
    payload.copy(buffer, 12);
    return buffer;
  };
  const exchange = (type: number, body: string) =>
    new Promise<void>((resolve) => {
      waiting = resolve;
      socket.write(packet(type, body));
    });
  await exchange(3, password);
  return { send: () => exchange(2, 'list uuids'), close: () => socket.destroy() };
}

/** The next message from the stand-in's process that has `key`. */
function reply<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      child.off('message', listener);
      resolve(message as T);
    };
    child.on('message', listener);
  });
}

export async function rconBenchmarks(): Promise<void> {
  const directory = await temporaryDirectory('gatehouse-bench-vanilla-');
  const child = fork(path.join(here, 'vanilla-process.js'), [password, directory]);
  const standIn = await reply<{ port: number; logFile: string }>(child, 'port');
  const commandsSoFar = async () =>
    (
      await (async () => {
        const answer = reply<{ commands: number }>(child, 'commands');
        child.send({ commands: true });
        return answer;
      })()
    ).commands;
  try {
    console.log(`\n9. RCON: commands per second over one connection (list uuids, ${seconds} s each, against the stand-in vanilla server)`);
    for (let round = 1; round <= 2; round += 1) {
      const link = await RconLink.open({ host: '127.0.0.1', port: standIn.port, password, timeoutMs: 5000 });
      const bare = await bareClient(standIn.port);
      const linked = await commandsPerSecond(() => link.command('list uuids'));
      const bareRate = await commandsPerSecond(bare.send);
      console.log(`   round ${round}: Gatehouse's link ${linked.toFixed(0)}/s, a bare client ${bareRate.toFixed(0)}/s: ratio ${(linked / bareRate).toFixed(2)}`);
      await link.close();
      bare.close();
    }

    const server = await startTestGatehouse(
      (config) => {
        config.game.connection = 'rcon';
        config.token = 'bench-token-for-tests-0123456789abcdef';
        config.game.rcon = {
          host: '127.0.0.1',
          port: standIn.port,
          password,
          serverDirectory: directory,
          logFile: standIn.logFile,
          requestTimeoutMs: 5000,
          managementUrl: '',
          managementSecret: '',
        };
      },
      { checkAnswers: false },
    );
    try {
      await registeredUser(server.gatehouse, server.baseUrl, 'bench_player', 'BenchPlayer');
      const token = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'bench_player', password: 'password1' } })).body.token as string;
      console.log('   GET /api/players through the RCON adapter (300 sequential requests as a player; p50 / p99; RCON commands per request)');
      let online = 0;
      for (const target of [1, 10, 50]) {
        for (; online < target; online += 1) {
          const joined = reply(child, 'joined');
          child.send({ join: { name: `Crowd${online}`, at: [online, 64, -online] } });
          await joined;
        }
        await eventually(async () => ((await server.gatehouse.game.onlinePlayers()).length === target ? true : undefined), 5000, `${target} online`);
        const times: number[] = [];
        const commandsBefore = await commandsSoFar();
        for (let round = 0; round < 300; round += 1) {
          const started = performance.now();
          const response = await api(server.baseUrl, 'GET', '/api/players', { token });
          times.push(performance.now() - started);
          if (response.status !== 200 || response.body.players.length !== target)
            throw new Error(`/api/players: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
        }
        const perRequest = ((await commandsSoFar()) - commandsBefore) / 300;
        times.sort((a, b) => a - b);
        const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!.toFixed(2);
        console.log(`   ${target} online: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms; ${perRequest.toFixed(1)} commands a request`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.disconnect();
    await exited;
    await rm(directory, { recursive: true, force: true });
  }
}
