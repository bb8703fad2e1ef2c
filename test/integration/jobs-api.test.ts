/**
 * The jobs endpoints over real HTTP, with work reported by the game double
 * (test/helpers/fake-game.ts emits the port's blockBroken, blockPlaced and
 * entityKilled events as an adapter would).
 */
import { expect } from 'chai';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import type { GameMode } from '../../src/game/port.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually } from '../helpers/bots.js';
import { FakeGame } from '../helpers/fake-game.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const serviceToken = 'jobs-service-token-for-tests-0123456789abcdef';

describe('jobs endpoints over HTTP', function () {
  let server: TestGatehouse;
  let game: FakeGame;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const told: Array<{ player: string; text: string }> = [];
  let steve: string;
  let alex: string;
  const player = (name: string) => ({ name, uuid: offlinePlayerUuid(name) });
  const mine = (name: string, block: string, x: number, gameMode: GameMode = 'survival') =>
    game.events.emit('blockBroken', { player: player(name), gameMode, location: { world: 'world', x, y: 40, z: 7 }, block });

  before(async function () {
    webhook = await startWebhookReceiver();
    game = new FakeGame();
    game.capabilities.messaging = {
      sendMessage: async (name, text) => void told.push({ player: name, text }),
      broadcast: async () => undefined,
    };
    server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.settings.chat = { enabled: true, webhookUrl: webhook.url };
        config.jobs.rejoinCooldownMs = 1500;
        // Payouts are run by the tests, except where the timer is under test.
        config.jobs.payoutIntervalMs = 3_600_000;
      },
      { game },
    );
    steve = await registeredUser(server.gatehouse, server.baseUrl, 'steve', 'Steve');
    alex = await registeredUser(server.gatehouse, server.baseUrl, 'alex', 'Alex');
  });
  after(async function () {
    await server.stop();
    await webhook.close();
  });
  const as = (token: string) => (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token, body });
  const payout = () => server.gatehouse.services.get('jobs').payouts.run();

  it('lists every job with its description, workers and whether the caller joined; needs a login', async function () {
    expect((await api(server.baseUrl, 'GET', '/api/jobs')).status).to.equal(401);
    const listed = await as(steve)('GET', '/api/jobs');
    expect(listed.status).to.equal(200);
    expect(listed.body.maxPerPlayer).to.equal(3);
    expect(listed.body.jobs.map((job: { id: string }) => job.id)).to.deep.equal(['miner', 'woodcutter', 'digger', 'farmer', 'hunter']);
    expect(listed.body.jobs[0]).to.deep.equal({ id: 'miner', name: 'Miner', description: 'Breaks stone and digs out ores, deeper for better pay.', workers: 0, joined: false });
    expect((await as(serviceToken)('GET', '/api/jobs')).body.jobs.every((job: { joined: boolean }) => job.joined === false)).to.equal(true);
  });

  it("shows a job's payout table, level curve and the caller's standing; 404 for an unknown job, 400 for a bad id", async function () {
    const details = await as(steve)('GET', '/api/jobs/details?job=miner');
    expect(details.status).to.equal(200);
    expect(details.body.job).to.deep.equal({ id: 'miner', name: 'Miner', description: 'Breaks stone and digs out ores, deeper for better pay.', workers: 0, dailyCap: 250 });
    expect(details.body.pays.blockBroken[0]).to.deep.equal({ id: 'stone', money: 0.05, experience: 1 });
    expect(details.body.pays.entityKilled).to.deep.equal([]);
    expect(details.body.levels).to.have.length(50);
    expect(details.body.levels.slice(0, 3)).to.deep.equal([
      { level: 1, experience: 0, multiplier: 1 },
      { level: 2, experience: 100, multiplier: 1.02 },
      { level: 3, experience: 212, multiplier: 1.04 },
    ]);
    expect(details.body.you).to.deep.equal({ joined: false, level: 1, experience: 0, nextLevelAt: 100, multiplier: 1, earnedToday: 0, capLeft: 250, cooldownUntil: null });
    expect((await as(serviceToken)('GET', '/api/jobs/details?job=hunter')).body.you).to.equal(null);
    const unknown = await as(steve)('GET', '/api/jobs/details?job=baker');
    expect(unknown.status).to.equal(404);
    expect(unknown.body).to.deep.include({ success: false, code: 'unknown_job' });
    expect(unknown.body.error).to.equal('No job baker; jobs: miner, woodcutter, digger, farmer, hunter');
    expect((await as(steve)('GET', '/api/jobs/details')).status).to.equal(400);
    const bad = await as(steve)('GET', '/api/jobs/details?job=Mi%20ner');
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.match(/job must be a job id/);
  });

  it('joins and leaves with every refusal answered as documented, and nothing changed by a refusal', async function () {
    const join = (job: unknown) => as(alex)('POST', '/api/jobs/join', { job });
    const joined = await join('miner');
    expect(joined.status).to.equal(200);
    expect(joined.body).to.deep.equal({ success: true, message: 'You now work as Miner', job: 'miner', jobs: ['miner'], experience: 0 });
    const refusals: Array<[() => Promise<{ status: number; body: any }>, number, string]> = [
      [() => join('miner'), 400, 'already_joined'],
      [() => join('baker'), 400, 'unknown_job'],
      [() => join(''), 400, 'invalid_field'],
      [() => join(5), 400, 'invalid_field'],
      [() => as(alex)('POST', '/api/jobs/join', {}), 400, 'invalid_field'],
      [() => as(alex)('POST', '/api/jobs/join', { job: 'digger', extra: 1 }), 400, 'invalid_field'],
      [() => api(server.baseUrl, 'POST', '/api/jobs/join', { token: alex, rawBody: '{"job":', headers: { 'content-type': 'application/json' } }), 400, 'malformed_json'],
      [() => as(alex)('POST', '/api/jobs/leave', { job: 'hunter' }), 400, 'not_joined'],
      [() => as(alex)('POST', '/api/jobs/leave', { job: 'baker' }), 400, 'unknown_job'],
      [() => as(serviceToken)('POST', '/api/jobs/join', { job: 'digger' }), 403, 'service_account'],
      [() => api(server.baseUrl, 'POST', '/api/jobs/join', { body: { job: 'digger' } }), 401, 'unauthorized'],
    ];
    for (const [request, status, code] of refusals) {
      const answer = await request();
      expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
      expect(answer.body).to.deep.include({ success: false, code });
    }
    expect((await join('digger')).status).to.equal(200);
    expect((await join('farmer')).body.jobs).to.deep.equal(['miner', 'digger', 'farmer']);
    const tooMany = await join('hunter');
    expect(tooMany.status).to.equal(409);
    expect(tooMany.body).to.deep.include({ code: 'too_many_jobs', error: 'You already have 3 jobs (Miner, Digger, Farmer), the most one player may have; leave one first' });
    const listed = (await as(alex)('GET', '/api/jobs')).body.jobs;
    expect(listed.filter((job: { joined: boolean }) => job.joined).map((job: { id: string }) => job.id)).to.deep.equal(['miner', 'digger', 'farmer']);
    expect(listed.find((job: { id: string }) => job.id === 'hunter').workers).to.equal(0);
  });

  it('pays work reported by the game: one REWARD per payout, not for placed blocks or creative mode; the details follow', async function () {
    await as(steve)('POST', '/api/jobs/join', { job: 'miner' });
    for (let x = 0; x < 40; x += 1) mine('Steve', 'stone', x);
    mine('Steve', 'iron_ore', 100);
    game.events.emit('blockPlaced', { player: player('Steve'), gameMode: 'survival', location: { world: 'world', x: 200, y: 40, z: 7 }, block: 'diamond_ore' });
    mine('Steve', 'diamond_ore', 200);
    mine('Steve', 'diamond_ore', 201, 'creative');
    mine('Steve', 'minecraft:stone', 202);
    await payout();
    const history = await as(steve)('GET', '/api/economy/history');
    expect(history.body.transactions).to.have.length(1);
    expect(history.body.transactions[0]).to.deep.include({ type: 'REWARD', amount: 2.85, balance: 2.85, description: 'Jobs: Miner (42 actions)' });
    const details = (await as(steve)('GET', '/api/jobs/details?job=miner')).body.you;
    expect(details).to.deep.equal({ joined: true, level: 1, experience: 41 + 8, nextLevelAt: 100, multiplier: 1, earnedToday: 2.85, capLeft: 247.15, cooldownUntil: null });
  });

  it('tells a level-up in game and posts it to the webhook', async function () {
    for (let x = 0; x < 60; x += 1) mine('Steve', 'stone', 1000 + x);
    await payout();
    expect((await as(steve)('GET', '/api/jobs/details?job=miner')).body.you).to.deep.include({ level: 2, experience: 109, nextLevelAt: 212, multiplier: 1.02 });
    expect(told).to.deep.include({ player: 'Steve', text: '§6You reached level 2 as Miner! Your pay is now x1.02.' });
    await eventually(() => webhook.received.find((post) => post.body.embeds?.[0]?.title === 'Job level up'), 5000, 'the level-up at the webhook');
    expect(webhook.received.find((post) => post.body.embeds?.[0]?.title === 'Job level up')!.body.embeds[0].description).to.equal('Steve reached level 2 as Miner');
  });

  it('keeps the experience when a player leaves, refuses a rejoin during the cooldown with when it ends, and lets them back after', async function () {
    const left = await as(steve)('POST', '/api/jobs/leave', { job: 'miner' });
    expect(left.status).to.equal(200);
    expect(left.body).to.deep.equal({ success: true, message: 'You left Miner; your 109 experience is kept for when you join again', job: 'miner', jobs: [], experience: 109 });
    mine('Steve', 'stone', 5000);
    const refused = await as(steve)('POST', '/api/jobs/join', { job: 'miner' });
    expect(refused.status).to.equal(409);
    expect(refused.body.code).to.equal('rejoin_cooldown');
    const until = (await as(steve)('GET', '/api/jobs/details?job=miner')).body.you.cooldownUntil as string;
    expect(refused.body.error).to.contain(`you can join it again at ${until}`);
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 2);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(until) - Date.now() + 50));
    const back = await as(steve)('POST', '/api/jobs/join', { job: 'miner' });
    expect(back.status, JSON.stringify(back.body)).to.equal(200);
    expect(back.body.experience).to.equal(109);
    await payout();
    expect((await as(steve)('GET', '/api/economy/history')).body.transactions, 'nothing for the stone broken while out of the job').to.have.length(2);
  });

  it('does not pay work that would take a balance past the maximum of 100,000,000,000.00, and pays the others', async function () {
    // Alex works as a miner since the test of joining.
    const filled = await as(serviceToken)('POST', '/api/admin/economy/adjust', { username: 'Alex', amount: 100_000_000_000, reason: 'to the maximum' });
    expect(filled.body.balance, JSON.stringify(filled.body)).to.equal(100_000_000_000);
    const steveBefore = (await as(steve)('GET', '/api/economy/balance')).body.balance as number;
    for (let x = 0; x < 10; x += 1) {
      mine('Alex', 'stone', 9000 + x);
      mine('Steve', 'stone', 9100 + x);
    }
    await payout();
    expect((await as(alex)('GET', '/api/economy/balance')).body.balance).to.equal(100_000_000_000);
    expect(
      (await as(alex)('GET', '/api/economy/history')).body.transactions.map((record: { type: string }) => record.type),
      'no REWARD past the bound',
    ).to.deep.equal(['ADMIN']);
    expect((await as(steve)('GET', '/api/economy/balance')).body.balance, "one player's bound does not hold up the others' pay").to.be.above(steveBefore);
  });
});

describe('jobs payouts on their own timer', function () {
  let server: TestGatehouse;
  let game: FakeGame;
  before(async function () {
    game = new FakeGame();
    server = await startTestGatehouse((config) => (config.jobs.payoutIntervalMs = 300), { game });
  });
  after(async function () {
    await server.stop();
  });

  it('pays every payout interval, one transaction for all the events in between', async function () {
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'digger', 'Digger');
    expect((await api(server.baseUrl, 'POST', '/api/jobs/join', { token, body: { job: 'digger' } })).status).to.equal(200);
    const uuid = offlinePlayerUuid('Digger');
    for (let x = 0; x < 300; x += 1)
      game.events.emit('blockBroken', { player: { name: 'Digger', uuid }, gameMode: 'survival', location: { world: 'world', x, y: 50, z: 0 }, block: 'dirt' });
    const history = await eventually(
      async () => {
        const answer = await api(server.baseUrl, 'GET', '/api/economy/history', { token });
        return answer.body.transactions.length > 0 ? answer.body.transactions : undefined;
      },
      15_000,
      'the payout',
    );
    expect(history).to.have.length(1);
    // 0.03 a block: 100 at level 1, 112 at level 2 (x1.02), 88 at level 3 (x1.04): 3.00 + 3.4272 + 2.7456, whole cents paid.
    expect(history[0]).to.deep.include({ type: 'REWARD', amount: 9.17, description: 'Jobs: Digger (300 actions)' });
  });
});
