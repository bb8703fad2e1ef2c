/**
 * A load generator in its own process, so it does not share the event loop
 * it measures: `node bench/load.js <baseUrl> <concurrency> <seconds> <scenario.json>`.
 * The scenario is one of:
 * - `{kind: 'get', path, bearer?}`: the same GET again and again;
 * - `{kind: 'transfer', players: [{name, token}]}`: 0.01 from a random player to another;
 * - `{kind: 'purchase', players: [{name, token}], items: [id]}`: client i buys one of a
 *   random item as player i (one client per player).
 * Prints `{committed, refused, errors, seconds}` as JSON: 200s, 400s and the
 * rest. Loopback only; the loop ends at the deadline.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';

type Scenario =
  | { kind: 'get'; path: string; bearer?: string }
  | { kind: 'transfer'; players: Array<{ name: string; token: string }> }
  | { kind: 'purchase'; players: Array<{ name: string; token: string }>; items: string[] };

interface Call {
  method: 'GET' | 'POST';
  path: string;
  bearer?: string;
  body?: string;
}

const [baseUrl = '', concurrencyText = '32', secondsText = '4', scenarioFile = ''] = process.argv.slice(2);
const target = new URL(baseUrl);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('load is only sent to this machine');
const scenario = JSON.parse(await readFile(scenarioFile, 'utf8')) as Scenario;
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrencyText) });
const deadline = Date.now() + Number(secondsText) * 1000;
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
let committed = 0;
let refused = 0;
let errors = 0;

function callOf(client: number): Call {
  switch (scenario.kind) {
    case 'get':
      return { method: 'GET', path: scenario.path, bearer: scenario.bearer };
    case 'transfer': {
      const { players } = scenario;
      const from = Math.floor(Math.random() * players.length);
      const to = (from + 1 + Math.floor(Math.random() * (players.length - 1))) % players.length;
      return { method: 'POST', path: '/api/economy/transfer', bearer: players[from]!.token, body: JSON.stringify({ to: players[to]!.name, amount: 0.01 }) };
    }
    case 'purchase':
      return {
        method: 'POST',
        path: '/api/shop/purchase',
        bearer: scenario.players[client % scenario.players.length]!.token,
        body: JSON.stringify({ item: pick(scenario.items), quantity: 1 }),
      };
  }
}

function once(client: number): Promise<void> {
  const call = callOf(client);
  const headers: Record<string, string | number> = call.bearer ? { authorization: `Bearer ${call.bearer}` } : {};
  if (call.body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(call.body) });
  return new Promise((resolve) => {
    const request = http.request({ hostname: target.hostname, port: target.port, path: call.path, method: call.method, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) committed += 1;
        else if (response.statusCode === 400) refused += 1;
        else errors += 1;
        resolve();
      });
    });
    request.on('error', () => {
      errors += 1;
      resolve();
    });
    request.end(call.body);
  });
}

async function loop(client: number): Promise<void> {
  while (Date.now() < deadline) await once(client);
}

const started = Date.now();
await Promise.all(Array.from({ length: Number(concurrencyText) }, (_, client) => loop(client)));
console.log(JSON.stringify({ committed, refused, errors, seconds: (Date.now() - started) / 1000 }));
agent.destroy();
