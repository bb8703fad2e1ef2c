/**
 * A load generator in its own process, so it does not share the event loop
 * it measures: `node bench/load.js <url> <concurrency> <seconds> [bearer]`.
 * Prints `{requests, errors, seconds}` as JSON. Loopback only.
 */
import http from 'node:http';

const [url = '', concurrencyText = '20', secondsText = '3', bearer] = process.argv.slice(2);
const target = new URL(url);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('load is only sent to this machine');
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrencyText) });
const deadline = Date.now() + Number(secondsText) * 1000;
let requests = 0;
let errors = 0;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(
      { hostname: target.hostname, port: target.port, path: target.pathname, agent, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) requests += 1;
          else errors += 1;
          resolve();
        });
      },
    );
    request.on('error', () => {
      errors += 1;
      resolve();
    });
  });
}

async function loop(): Promise<void> {
  while (Date.now() < deadline) await once();
}

const started = Date.now();
await Promise.all(Array.from({ length: Number(concurrencyText) }, loop));
console.log(JSON.stringify({ requests, errors, seconds: (Date.now() - started) / 1000 }));
agent.destroy();
