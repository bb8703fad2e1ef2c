/**
 * The HTTP load of the benchmarks: `wrk` (Debian's package), a C program in
 * a process of its own, so that what drives the load costs little and is
 * not what is measured; pinned to a core of its own where the machine has
 * two or more (./cores.ts). Each round runs one scenario for some seconds
 * and answers the requests a second and the latency wrk saw.
 *
 * Where wrk is missing, scripts/install-test-tools.sh (the project's one
 * installer of programs from outside npm) installs it as root on Debian,
 * or says the one command that does; then the rounds are refused, saying so.
 *
 * A scenario becomes a Lua script wrk runs: the same GET again and again, a
 * transfer of 0.01 between two random players, or a purchase of one of a
 * random item by a random player. Keyed requests carry an Idempotency-Key
 * of their own, each key new (a run's nonce, wrk's thread, a counter), as
 * the portal sends them.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { installCommand, wrkTool } from '../test/helpers/missing-tool.js';
import { generatorCommand } from './cores.js';

const run = promisify(execFile);

export interface Player {
  name: string;
  token: string;
}

export type Scenario =
  | { kind: 'get'; path: string; bearer?: string }
  | { kind: 'transfer'; players: Player[]; keyed: boolean }
  | { kind: 'purchase'; players: Player[]; items: string[]; keyed: boolean };

export interface Round {
  /** Requests answered a second (any status). */
  rate: number;
  requests: number;
  seconds: number;
  /** Latency percentiles, milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 2xx or 3xx, and socket errors (connect, read, write, timeout). */
  refused: number;
  errors: number;
}

let found: Promise<string> | undefined;

/**
 * wrk's path (GATEHOUSE_WRK, else Debian's /usr/bin/wrk, where the
 * installer's check looks), installed first where the installer can;
 * rejected with what to do where it cannot.
 */
export function wrkProgram(): Promise<string> {
  found ??= (async () => {
    const program = process.env.GATEHOUSE_WRK ?? '/usr/bin/wrk';
    if (existsSync(program)) return program;
    const said = await run('bash', ['scripts/install-test-tools.sh', wrkTool.name]).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    if (existsSync(program)) return program;
    throw new Error(`${said.trim().split('\n').pop()} (install it with ${installCommand(wrkTool)})`);
  })();
  return found;
}

/** Each round's keys are new: a round's own prefix (this process, the time, a count of rounds), then wrk's thread and a counter. */
let rounds = 0;
const roundNonce = () => `${process.pid}-${Date.now().toString(36)}-${(rounds += 1)}`;

/** A Lua string literal. */
const lua = (text: string) => `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

/** The scenario as a wrk script: a request function (or wrk's fixed request), and `done` printing the round as JSON. */
function script(scenario: Scenario): string {
  const done = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nROUND {"requests":%d,"micros":%d,"status":%d,"socket":%d,"p50":%.1f,"p99":%.1f,"max":%.1f}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;
  const threads = `
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_no", threads)
end
function init(args)
  math.randomseed(os.time() * 1000 + (thread_no or 0))
end
local counter = 0
local function key()
  counter = counter + 1
  return ${lua(roundNonce())} .. "-" .. (thread_no or 0) .. "-" .. counter
end
`;
  const playersTable = (players: Player[]) => `local players = {${players.map((player) => `{name = ${lua(player.name)}, auth = ${lua(`Bearer ${player.token}`)}}`).join(', ')}}`;
  switch (scenario.kind) {
    case 'get':
      return `wrk.method = "GET"
wrk.path = ${lua(scenario.path)}
${scenario.bearer ? `wrk.headers["Authorization"] = ${lua(`Bearer ${scenario.bearer}`)}` : ''}
${done}`;
    case 'transfer':
      return `${playersTable(scenario.players)}
${threads}
function request()
  local from = math.random(#players)
  local to = (from - 1 + math.random(#players - 1)) % #players + 1
  local headers = {["Authorization"] = players[from].auth, ["Content-Type"] = "application/json"}
  ${scenario.keyed ? 'headers["Idempotency-Key"] = key()' : ''}
  return wrk.format("POST", "/api/economy/transfer", headers, '{"to":"' .. players[to].name .. '","amount":0.01}')
end
${done}`;
    case 'purchase':
      return `${playersTable(scenario.players)}
local items = {${scenario.items.map(lua).join(', ')}}
${threads}
function request()
  local headers = {["Authorization"] = players[math.random(#players)].auth, ["Content-Type"] = "application/json"}
  ${scenario.keyed ? 'headers["Idempotency-Key"] = key()' : ''}
  return wrk.format("POST", "/api/shop/purchase", headers, '{"item":"' .. items[math.random(#items)] .. '","quantity":1}')
end
${done}`;
  }
}

/**
 * One round of `scenario` against `baseUrl` (loopback only) with
 * `connections` keep-alive connections for `seconds`, from wrk's one thread
 * on the generator's core.
 */
export async function wrkRound(baseUrl: string, scenario: Scenario, connections: number, seconds: number): Promise<Round> {
  const target = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('load is only sent to this machine');
  const program = await wrkProgram();
  const directory = await mkdtemp(path.join(tmpdir(), 'gatehouse-wrk-'));
  try {
    const file = path.join(directory, 'scenario.lua');
    await writeFile(file, script(scenario));
    const url = scenario.kind === 'get' ? new URL(scenario.path, target).href : target.origin;
    const [command, args] = generatorCommand(program, ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', file, url]);
    const { stdout } = await run(command, args, { maxBuffer: 1 << 22, timeout: (seconds + 30) * 1000 });
    const line = /ROUND (\{.*\})/.exec(stdout);
    if (!line) throw new Error(`wrk's output was not understood:\n${stdout}`);
    const round = JSON.parse(line[1]!) as { requests: number; micros: number; status: number; socket: number; p50: number; p99: number; max: number };
    const secondsTaken = round.micros / 1e6;
    return {
      rate: round.requests / secondsTaken,
      requests: round.requests,
      seconds: secondsTaken,
      p50: round.p50 / 1000,
      p99: round.p99 / 1000,
      max: round.max / 1000,
      refused: round.status,
      errors: round.socket,
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A round that must be answered 200 every time: its requests a second. */
export async function rateOf(baseUrl: string, scenario: Scenario, connections: number, seconds: number): Promise<number> {
  const round = await wrkRound(baseUrl, scenario, connections, seconds);
  if (round.refused > 0 || round.errors > 0)
    throw new Error(`${round.refused} answers not 2xx and ${round.errors} socket errors in a round of ${scenario.kind} against ${baseUrl}`);
  return round.rate;
}
