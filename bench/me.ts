/**
 * `npm run bench -- me`: requests a second of GET /api/auth/me (a token
 * verified, the account read, the answer made) against a bare Koa route
 * answering the same JSON, in the same run, in paired rounds (./rounds.ts)
 * of wrk on its own core (./wrk.ts, ./cores.ts). Goal: at least 0.9.
 *
 * Beside them, the same bare route behind Gatehouse's CORS layer (`@koa/cors`
 * as the default configuration sets it: every answer carries its headers),
 * to show what the headers alone cost on this machine; not a goal.
 */
import { registeredUser } from '../test/helpers/accounts.js';
import cors from '@koa/cors';
import { corsOptions } from '../src/http/app.js';
import { api, startTestGatehouse } from '../test/helpers/gatehouse.js';
import { withServerPinned } from './cores.js';
import { judge, loadNow } from './goals.js';
import { bareKoaRoute } from './machine.js';
import { profiledRound } from './profile.js';
import { describeRates, describeRatio, pairedRounds, ratioOf } from './rounds.js';
import { rateOf } from './wrk.js';

const connections = 32;
const seconds = 3;
const rounds = 5;

export async function meThroughput(): Promise<void> {
  const server = await startTestGatehouse(undefined, { checkAnswers: false });
  let sameBody: unknown;
  const bare = await bareKoaRoute(() => sameBody);
  const bareWithCors = await bareKoaRoute(() => sameBody, cors(corsOptions('*')));
  try {
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'throughput', 'Throughput');
    sameBody = (await api(server.baseUrl, 'GET', '/api/auth/me', { token })).body;
    const sides = {
      bare: () => rateOf(bare.url, { kind: 'get', path: '/' }, connections, seconds),
      bareWithCors: () => rateOf(bareWithCors.url, { kind: 'get', path: '/' }, connections, seconds),
      me: () => rateOf(server.baseUrl, { kind: 'get', path: '/api/auth/me', bearer: token }, connections, seconds),
    };
    // Warm both up (the JIT), then measure in turn.
    await rateOf(bare.url, { kind: 'get', path: '/' }, connections, 1);
    await rateOf(bareWithCors.url, { kind: 'get', path: '/' }, connections, 1);
    await rateOf(server.baseUrl, { kind: 'get', path: '/api/auth/me', bearer: token }, connections, 1);
    const loadAtStart = loadNow();
    const figures = await withServerPinned(() => pairedRounds(sides, rounds));
    const ratio = ratioOf(figures.me, figures.bare);
    console.log(`\n3. GET /api/auth/me against a bare Koa route with the same JSON (wrk, ${connections} connections, ${rounds} paired rounds of ${seconds} s)`);
    console.log(`   bare Koa, req/s: ${describeRates(figures.bare)}`);
    console.log(`   the bare route behind Gatehouse's CORS layer, req/s: ${describeRates(figures.bareWithCors)}`);
    console.log(`   /api/auth/me, req/s: ${describeRates(figures.me)}`);
    console.log(`   the CORS layer alone (not a goal): ${describeRatio(ratioOf(figures.bareWithCors, figures.bare))} of the bare route`);
    console.log(`   /me / bare: ${describeRatio(ratio)} ${judge('GET /api/auth/me / bare Koa route', ratio, 'at least', 0.9, { loadAtStart })}`);
    await profiledRound('me', () => withServerPinned(sides.me));
    await profiledRound('bare', () => withServerPinned(sides.bare));
  } finally {
    bare.close();
    bareWithCors.close();
    await server.stop();
  }
}
