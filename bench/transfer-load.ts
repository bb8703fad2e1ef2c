/**
 * A transfer load in its own process, so it does not share the event loop it
 * measures: `node bench/transfer-load.js <baseUrl> <concurrency> <seconds> <tokens.json>`.
 * Each client sends POST /api/economy/transfer of 0.01 from a random player
 * to another, over keep-alive. Prints `{committed, refused, errors, seconds}`.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';

const [baseUrl = '', concurrencyText = '64', secondsText = '4', tokensFile = ''] = process.argv.slice(2);
const target = new URL(baseUrl);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('load is only sent to this machine');
const players = JSON.parse(await readFile(tokensFile, 'utf8')) as Array<{ name: string; token: string }>;
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrencyText) });
const deadline = Date.now() + Number(secondsText) * 1000;
let committed = 0;
let refused = 0;
let errors = 0;

function once(): Promise<void> {
  const from = Math.floor(Math.random() * players.length);
  const to = (from + 1 + Math.floor(Math.random() * (players.length - 1))) % players.length;
  const body = JSON.stringify({ to: players[to]!.name, amount: 0.01 });
  return new Promise((resolve) => {
    const request = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: '/api/economy/transfer',
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${players[from]!.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) committed += 1;
          else if (response.statusCode === 400) refused += 1;
          else errors += 1;
          resolve();
        });
      },
    );
    request.on('error', () => {
      errors += 1;
      resolve();
    });
    request.end(body);
  });
}

async function loop(): Promise<void> {
  while (Date.now() < deadline) await once();
}

const started = Date.now();
await Promise.all(Array.from({ length: Number(concurrencyText) }, loop));
console.log(JSON.stringify({ committed, refused, errors, seconds: (Date.now() - started) / 1000 }));
agent.destroy();
