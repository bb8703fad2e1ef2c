/**
 * `npm run bench -- start`: `npm start` on this built checkout, as an owner
 * runs it: the time from the command to the first 200 of GET /api/health,
 * with the embedded game server started and an empty data directory. On a
 * built checkout its first step (scripts/ensure-built.mjs) compiles nothing;
 * the run says whether it did. Three starts, each stopped with SIGINT.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { temporaryDirectory } from '../test/helpers/gatehouse.js';
import { freePort } from '../test/helpers/free-port.js';
import { judge, loadNow } from './goals.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const starts = 3;

function healthAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', timeout: 1000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200));
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** One `npm start`: seconds to the first healthy answer, and whether its first step compiled anything. */
async function oneStart(): Promise<{ seconds: number; compiled: boolean }> {
  const dataDirectory = await temporaryDirectory('gatehouse-bench-start-');
  const port = await freePort();
  const env = { ...process.env, GATEHOUSE_PORT: String(port), GATEHOUSE_GAME_PORT: String(await freePort()), GATEHOUSE_HOST: '127.0.0.1', GATEHOUSE_DATA: dataDirectory };
  const started = performance.now();
  // A process group of its own, so the stop reaches npm's child too.
  const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    while (!(await healthAnswers(port))) {
      if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode}) before answering:\n${output}`);
      if (performance.now() - started > 120_000) throw new Error(`npm start did not answer within 120 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { seconds: (performance.now() - started) / 1000, compiled: output.includes('compiling the server') };
  } finally {
    process.kill(-child.pid!, 'SIGINT');
    await exited(child);
    await rm(dataDirectory, { recursive: true, force: true });
  }
}

export async function startOnBuiltCheckout(): Promise<void> {
  const loadAtStart = loadNow();
  const runs: Array<{ seconds: number; compiled: boolean }> = [];
  for (let run = 0; run < starts; run += 1) runs.push(await oneStart());
  const slowest = Math.max(...runs.map((run) => run.seconds));
  console.log(`\n16. npm start on this built checkout to the first answer of GET /api/health (embedded game server included, empty data directory; ${starts} starts)`);
  console.log(`   ${runs.map((run) => `${run.seconds.toFixed(2)} s`).join(', ')}; compiled anything: ${runs.some((run) => run.compiled) ? 'yes' : 'no'}`);
  console.log(`   slowest ${slowest.toFixed(2)} s ${judge('npm start to /api/health on a built checkout', slowest, 'under', 3, { unit: ' s', loadAtStart })}`);
  if (runs.some((run) => run.compiled)) console.log('   (a start compiled: a source file was newer than build/src/main.js)');
}
