/**
 * The API over HTTP with `storage.type: postgresql`, and two Gatehouse
 * instances on one database (as two servers of a network would have): what
 * one writes the other reads, a token from one works on the other, and the
 * guarantees that an instance's own memory cannot give across instances
 * come from the database: an Idempotency-Key retried at once through both
 * moves money once, a transfer reversed at once through both is reversed once.
 */
import { Agent, request } from 'node:http';
import { expect } from 'chai';
import { plainText } from '../../src/game/chat-line.js';
import { registeredUser } from '../helpers/accounts.js';
import { expectBalancesBounded } from '../helpers/balance-bound.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, statementsOf, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const serviceToken = 'postgres-api-service-token-for-tests-0123456789abcdef';

describe('the API on PostgreSQL, two instances on one database', function () {
  let postgres: ThrowawayPostgres;
  let first: TestGatehouse;
  let second: TestGatehouse;
  let alice: string;
  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    const prefix = uniquePrefix('api');
    const start = (server: string) =>
      startTestGatehouse((config) => {
        config.serverId = server;
        config.token = serviceToken;
        config.settings.economy.startingBalance = 100;
        config.storage.type = 'postgresql';
        config.storage.postgresql = postgres.settings(prefix, 5);
      });
    [first, second] = await Promise.all([start('survival'), start('creative')]);
    alice = await registeredUser(first.gatehouse, first.baseUrl, 'alice', 'Alice');
    await registeredUser(first.gatehouse, first.baseUrl, 'bob', 'Bob');
  });
  after(async function () {
    await Promise.all([first?.stop(), second?.stop()]);
  });
  const on = (server: TestGatehouse, token: string) => (method: string, urlPath: string, body?: unknown, headers?: Record<string, string>) =>
    api(server.baseUrl, method, urlPath, { token, body, headers });

  it('says which store it uses, and counts what PostgreSQL holds', async function () {
    expect((await api(first.baseUrl, 'GET', '/api/health')).body.storage).to.equal('postgresql');
    const stats = await on(second, serviceToken)('GET', '/api/server/stats');
    expect(stats.status).to.equal(200);
    expect(stats.body.store.kind).to.equal('postgresql');
    expect(stats.body.store.counts).to.include({ users: 2 });
    expect(stats.body.store.counts).to.have.keys('users', 'unitsOfWork', 'unitsRetried', 'connections', 'idleConnections', 'waitingForConnection');
  });

  it('lets an account registered on one instance log in on the other, with one signing key for both', async function () {
    const login = await api(second.baseUrl, 'POST', '/api/auth/login', { body: { username: 'ALICE', password: 'password1' } });
    expect(login.status).to.equal(200);
    expect((await on(first, login.body.token)('GET', '/api/auth/me')).body).to.deep.include({ username: 'alice', gameUsername: 'Alice' });
    expect((await on(second, alice)('GET', '/api/auth/me')).body.username, 'a token the first instance signed, on the second').to.equal('alice');
    const users = await on(first, serviceToken)('GET', '/api/admin/users?search=ali');
    expect(users.body.users.map((user: { username: string }) => user.username)).to.deep.equal(['alice']);
    expect(users.body.users[0].lastLogin, 'the login on the second instance, seen through the first').to.be.a('string');
    // A code makes one account on the whole network: the other registration finds it spent, or the player taken.
    const code = plainText(await first.gatehouse.services.get('accounts').handleRegisterCommand({ name: 'Carol', uuid: '00000000-0000-3000-8000-00000000c0c0' })).match(
      /§f§l([A-Z0-9]{8})/,
    )![1];
    const register = (server: TestGatehouse, username: string) =>
      api(server.baseUrl, 'POST', '/api/auth/register', { body: { username, password: 'password1', email: `${username}@example.com`, code } });
    const [one, other] = await Promise.all([register(first, 'carol'), register(second, 'carol2')]);
    const [won, lost] = one.status === 201 ? [one, other] : [other, one];
    expect(won.status).to.equal(201);
    expect(`${lost.status} ${lost.body.code}`).to.be.oneOf(['400 invalid_code', '409 player_has_account']);
    expect((await on(second, serviceToken)('GET', '/api/admin/users?search=carol')).body.users).to.have.length(1);
  });

  it('moves money once for an Idempotency-Key retried 20 times at once through both instances', async function () {
    const before = (await on(first, alice)('GET', '/api/economy/balance')).body.balance;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        on(index % 2 ? second : first, alice)('POST', '/api/economy/transfer', { to: 'Bob', amount: 1.25 }, { 'idempotency-key': 'network-once' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).to.deep.equal(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body.transaction.id)).size, 'every answer is the first answer').to.equal(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).to.have.length(19);
    expect((await on(second, alice)('GET', '/api/economy/balance')).body.balance).to.equal(before - 1.25);
    expect((await on(second, alice)('POST', '/api/economy/transfer', { to: 'Bob', amount: 2 }, { 'idempotency-key': 'network-once' })).status).to.equal(409);
  });

  it('reverses a transfer once when both instances are asked at the same moment', async function () {
    const sent = await on(first, alice)('POST', '/api/economy/transfer', { to: 'Bob', amount: 10 });
    const id = sent.body.transaction.id as number;
    const before = (await on(first, alice)('GET', '/api/economy/balance')).body.balance;
    const answers = await Promise.all(
      [first, second, first, second].map((server, index) => on(server, serviceToken)('POST', `/api/admin/economy/transactions/${id + (index % 2)}/reverse`, { reason: 'raced' })),
    );
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'already_reversed')).to.equal(true);
    expect((await on(second, alice)('GET', '/api/economy/balance')).body.balance).to.equal(before + 10);
    const history = (await on(second, alice)('GET', '/api/economy/history?limit=5')).body.transactions;
    expect(history.filter((record: { reverses?: number }) => record.reverses === id)).to.have.length(1);
  });

  it('refuses an overdraft through either instance, changing nothing, and keeps every balance at or above zero under a rush', async function () {
    const bob = (await api(first.baseUrl, 'POST', '/api/auth/login', { body: { username: 'bob', password: 'password1' } })).body.token as string;
    const start = (await on(first, bob)('GET', '/api/economy/balance')).body.balance as number;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => on(index % 2 ? second : first, bob)('POST', '/api/economy/transfer', { to: 'Alice', amount: 7 })));
    const sent = answers.filter((answer) => answer.status === 200).length;
    expect(sent).to.equal(Math.floor(start / 7));
    expect(answers.filter((answer) => answer.status === 400).every((answer) => answer.body.code === 'insufficient_funds')).to.equal(true);
    expect((await on(second, bob)('GET', '/api/economy/balance')).body.balance).to.be.closeTo(start - 7 * sent, 1e-9);
  });

  it('bounds balances and amounts at 100,000,000,000.00 on either instance: refused with a 400 naming it, nothing changed', async function () {
    const erin = await registeredUser(first.gatehouse, first.baseUrl, 'erin', 'Erin');
    const frank = await registeredUser(first.gatehouse, first.baseUrl, 'frank', 'Frank');
    let calls = 0;
    // Spread over both instances: the bound holds in the database's arithmetic, not in one instance's memory.
    const call = (token: string, method: string, urlPath: string, body?: unknown) => api((calls++ % 2 ? second : first).baseUrl, method, urlPath, { token, body });
    await expectBalancesBounded(call, serviceToken, { token: erin, name: 'Erin' }, { token: frank, name: 'Frank' }, 100, '$');
  });

  it('reads the sessions and bans of transfers sent at once in a few statements, and still refuses at the next request a session ended, or a ban made, on the other instance', async function () {
    const dave = await registeredUser(first.gatehouse, first.baseUrl, 'dave', 'Dave');
    await on(second, serviceToken)('POST', '/api/economy/adjust', { username: 'Dave', amount: 100, reason: 'float' });
    // 100 connections opened first and kept, so that the counted requests are written in one turn and arrive together.
    // (Through fetch they left over many turns: the server then had no more to gather, and a run read them in 82 statements.)
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const body = JSON.stringify({ to: 'Alice', amount: 0.01 });
    const transfer = () =>
      new Promise<number>((resolve, reject) => {
        const sending = request(
          `${first.baseUrl}/api/economy/transfer`,
          { method: 'POST', agent, headers: { authorization: `Bearer ${dave}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode!));
          },
        );
        sending.on('error', reject);
        sending.end(body);
      });
    const rush = () => Promise.all(Array.from({ length: 100 }, transfer));
    await rush();
    const { answer: statuses, sent } = await statementsOf(rush);
    agent.destroy();
    expect(statuses).to.deep.equal(statuses.map(() => 200));
    const sessionReads = sent.filter((text) => /FROM \S*sessions WHERE id/.test(text)).length;
    const banReads = sent.filter((text) => /FROM \S*moderation WHERE kind = 'ban'/.test(text)).length;
    // Read one at a time, each would be 100 statements.
    expect(sessionReads, 'statements reading the sessions').to.be.within(1, 10);
    expect(banReads, 'statements reading the bans').to.be.within(1, 10);

    const ban = await on(second, serviceToken)('POST', '/api/moderation/bans', { username: 'Dave', reason: 'duping' });
    expect(ban.status).to.equal(201);
    const banned = await on(first, dave)('POST', '/api/economy/transfer', { to: 'Alice', amount: 0.01 });
    expect(`${banned.status} ${banned.body.code}`, 'a ban made on the other instance, at the next transfer').to.equal('403 banned');
    expect((await on(second, serviceToken)('POST', `/api/moderation/bans/${ban.body.record.id}/lift`, { reason: 'mistake' })).status).to.equal(200);
    expect((await on(first, dave)('POST', '/api/economy/transfer', { to: 'Alice', amount: 0.01 })).status, 'the ban lifted').to.equal(200);

    expect((await on(second, dave)('DELETE', '/api/auth/session')).status).to.equal(200);
    const ended = await on(first, dave)('POST', '/api/economy/transfer', { to: 'Alice', amount: 0.01 });
    expect(`${ended.status} ${ended.body.code}`, 'a session ended on the other instance, at the next request').to.equal('401 session_ended');
  });

  it('keeps the audit trail and the messages of both instances in one place', async function () {
    await on(first, serviceToken)('POST', '/api/admin/messages', { content: 'from the first' });
    await on(second, serviceToken)('POST', '/api/admin/messages', { content: 'from the second' });
    const messages = (await on(first, serviceToken)('GET', '/api/admin/messages')).body.messages.map((message: { content: string }) => message.content);
    expect(messages.slice(0, 2)).to.deep.equal(['from the second', 'from the first']);
    const audit = (await on(second, serviceToken)('GET', '/api/admin/audit')).body.entries;
    expect(audit.filter((entry: { action: string }) => entry.action === 'message.announce').length).to.be.at.least(2);
  });

  it('refuses text PostgreSQL cannot hold (a NUL character) and a number that is not finite with a 400 naming the field, logging no error', async function () {
    const errorsBefore = first.errors.length;
    const asked = [
      await api(first.baseUrl, 'POST', '/api/auth/verify-code', { body: { code: 'AB\u0000CD' } }),
      await on(first, serviceToken)('GET', '/api/admin/keys/scopes%00'),
      await on(first, serviceToken)('DELETE', '/api/admin/webhooks/1%00'),
      await on(first, serviceToken)('GET', '/api/admin/users?search=a%00'),
      await on(first, serviceToken)('GET', '/api/admin/messages?limit=1e309'),
      await on(first, serviceToken)('GET', '/api/admin/messages?page=Infinity'),
    ];
    expect(asked.map((answer) => `${answer.status} ${answer.body.code} ${answer.body.field}`)).to.deep.equal([
      '400 invalid_field code',
      '400 invalid_field id',
      '400 invalid_field id',
      '400 invalid_field search',
      '400 invalid_field limit',
      '400 invalid_field page',
    ]);
    expect(first.errors.slice(errorsBefore), 'errors logged').to.deep.equal([]);
  });
});
