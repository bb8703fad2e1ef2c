import { expect } from 'chai';
import { registeredUser } from '../helpers/accounts.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';
import { eventually } from '../helpers/bots.js';
import { expectBalancesBounded } from '../helpers/balance-bound.js';

const serviceToken = 'economy-service-token-for-tests-0123456789abcdef';

describe('economy endpoints over HTTP (builtin provider)', function () {
  let server: TestGatehouse;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let alice: string;
  let bob: string;
  before(async function () {
    webhook = await startWebhookReceiver();
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.settings.economy.startingBalance = 100;
      config.settings.economy.currencySymbol = '€';
      config.settings.chat = { enabled: true, webhookUrl: webhook.url };
      config.economy.largeAdjustmentAlertCents = 50_000;
    });
    alice = await registeredUser(server.gatehouse, server.baseUrl, 'alice', 'Alice');
    bob = await registeredUser(server.gatehouse, server.baseUrl, 'bob', 'Bob');
  });
  after(async function () {
    await server.stop();
    await webhook.close();
  });
  const as = (token: string) => (method: string, urlPath: string, body?: unknown, headers?: Record<string, string>) =>
    api(server.baseUrl, method, urlPath, { token, body, headers });
  const asAlice = (method: string, urlPath: string, body?: unknown, headers?: Record<string, string>) => as(alice)(method, urlPath, body, headers);
  const asService = (method: string, urlPath: string, body?: unknown, headers?: Record<string, string>) => as(serviceToken)(method, urlPath, body, headers);

  it('answers GET /api/economy/symbol without a login', async function () {
    expect((await api(server.baseUrl, 'GET', '/api/economy/symbol')).body).to.deep.equal({ success: true, symbol: '€', name: 'Dollars' });
  });

  it('shows a new player the starting balance, formatted, and refuses another player to a non-admin', async function () {
    const own = await asAlice('GET', '/api/economy/balance');
    expect(own.status).to.equal(200);
    expect(own.body).to.deep.equal({ success: true, username: 'Alice', balance: 100, symbol: '€', formatted: '€100.00' });
    expect((await asAlice('GET', '/api/economy/balance?username=alice')).status).to.equal(200);
    const other = await asAlice('GET', '/api/economy/balance?username=Bob');
    expect(other.status).to.equal(403);
    expect((await asAlice('GET', '/api/economy/history?username=Bob')).status).to.equal(403);
    expect((await asService('GET', '/api/economy/balance?username=Bob')).body.balance).to.equal(100);
    expect((await asService('GET', '/api/economy/balance?username=NeverSeen')).status).to.equal(404);
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance')).status).to.equal(401);
    expect((await asAlice('GET', '/api/economy/balance?username=bad name!')).status).to.equal(400);
  });

  it('transfers between players: a TRANSFER record on each side, in both histories', async function () {
    const sent = await asAlice('POST', '/api/economy/transfer', { to: 'bob', amount: 12.5, note: 'for the map' });
    expect(sent.status).to.equal(200);
    expect(sent.body).to.deep.include({ success: true, balance: 87.5, formatted: '€87.50' });
    expect(sent.body.transaction).to.deep.include({ type: 'TRANSFER', amount: -12.5, balance: 87.5, counterparty: 'Bob', description: 'Transfer to Bob: for the map' });
    const bobs = await as(bob)('GET', '/api/economy/history');
    expect(bobs.body.transactions[0]).to.deep.include({ type: 'TRANSFER', amount: 12.5, balance: 112.5, counterparty: 'Alice' });
    expect(bobs.body.pagination).to.deep.equal({ page: 1, limit: 50, total: 1, pages: 1 });
  });

  it('sends to whoever has a name now: a name looked up before and given up since is looked up again', async function () {
    const economy = server.gatehouse.services.get('economy');
    await registeredUser(server.gatehouse, server.baseUrl, 'namer', 'Namer');
    const namer = { name: 'Namer', uuid: (await economy.requirePlayer('Namer')).uuid };
    await economy.playerJoined(namer);
    const first = await asAlice('POST', '/api/economy/transfer', { to: 'namer', amount: 1 });
    expect(first.body.message).to.equal('Sent €1.00 to Namer');
    // Namer becomes Renamed in game, and another player joins as Namer.
    await economy.playerJoined({ name: 'Renamed', uuid: namer.uuid });
    const newcomer = { name: 'Namer', uuid: '00000000-0000-4000-8000-0000000000ee' };
    await economy.playerJoined(newcomer);
    const second = await asAlice('POST', '/api/economy/transfer', { to: 'NAMER', amount: 2 });
    expect(second.status, JSON.stringify(second.body)).to.equal(200);
    expect(second.body.message).to.equal('Sent €2.00 to Namer');
    expect((await asService('GET', '/api/economy/balance?username=Renamed')).body.balance, 'the player who gave the name up').to.equal(101);
    expect((await asService('GET', `/api/economy/balance?username=Namer`)).body.balance, 'the player who has it now').to.equal(102);
    const renamed = (await asService('GET', '/api/economy/history?username=Renamed')).body.transactions;
    expect(renamed).to.have.length(1);
  });

  it('refuses transfers that would overdraw, to nobody, to oneself, of bad amounts, and from the service account; nothing changes', async function () {
    const before = (await asAlice('GET', '/api/economy/balance')).body.balance;
    const bobBefore = (await as(bob)('GET', '/api/economy/balance')).body.balance;
    const recordsBefore = async () => [(await asAlice('GET', '/api/economy/history')).body.pagination.total, (await as(bob)('GET', '/api/economy/history')).body.pagination.total];
    const historyBefore = await recordsBefore();
    const cases: Array<[unknown, number, RegExp]> = [
      [{ to: 'Bob', amount: 1_000_000 }, 400, /Insufficient funds/],
      [{ to: 'Ghost', amount: 1 }, 404, /Ghost not found/],
      [{ to: 'Alice', amount: 1 }, 400, /yourself/],
      [{ to: 'Bob', amount: 0 }, 400, /amount must be/],
      [{ to: 'Bob', amount: -5 }, 400, /amount must be/],
      [{ to: 'Bob', amount: 1.001 }, 400, /at most two decimals/],
      [{ to: 'Bob', amount: '5' }, 400, /amount must be a number/],
      [{ to: 'Bob' }, 400, /amount is required/],
      [{ to: 'Bob', amount: 1, note: 'evil\u0007' }, 400, /note must not contain control characters/],
      [{ to: 'Bob', amount: 1, note: 'evil\u0000' }, 400, /note must not contain a NUL character/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await asAlice('POST', '/api/economy/transfer', body);
      expect(answer.status, JSON.stringify(body)).to.equal(status);
      expect(answer.body.error).to.match(message);
    }
    const short = await asAlice('POST', '/api/economy/transfer', { to: 'Bob', amount: 1_000_000 });
    expect([short.body.code, short.body.error]).to.deep.equal([
      'insufficient_funds',
      `Insufficient funds: sending €1,000,000.00 needs €${(1_000_000 - before).toLocaleString('en-US', { minimumFractionDigits: 2 })} more than your balance of €${before.toFixed(2)}`,
    ]);
    expect((await asService('POST', '/api/economy/transfer', { to: 'Bob', amount: 1 })).status).to.equal(403);
    // Both sides: neither balance moved, and neither history gained a record.
    expect((await asAlice('GET', '/api/economy/balance')).body.balance).to.equal(before);
    expect((await as(bob)('GET', '/api/economy/balance')).body.balance, "the payee's balance").to.equal(bobBefore);
    expect(await recordsBefore(), 'no record on either side').to.deep.equal(historyBefore);
  });

  it('refuses amounts with more than two decimals however small the excess, moving and recording nothing', async function () {
    const before = (await asAlice('GET', '/api/economy/history')).body.pagination.total;
    for (const amount of [0.000000001, 1.000000001]) {
      const answer = await asAlice('POST', '/api/economy/transfer', { to: 'Bob', amount });
      expect(answer.status, `amount ${amount}: ${JSON.stringify(answer.body)}`).to.equal(400);
    }
    expect((await asAlice('GET', '/api/economy/history')).body.pagination.total, 'no TRANSFER records').to.equal(before);
  });

  it('moves money once for an Idempotency-Key retried 20 times at once, and refuses the key with another body', async function () {
    const before = (await asAlice('GET', '/api/economy/balance')).body.balance;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => asAlice('POST', '/api/economy/transfer', { to: 'Bob', amount: 1.25 }, { 'idempotency-key': 'pay-bob-once' })),
    );
    expect(answers.every((answer) => answer.status === 200)).to.equal(true);
    expect(new Set(answers.map((answer) => answer.body.transaction.id)).size, 'every answer is the first answer').to.equal(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).to.have.length(19);
    expect((await asAlice('GET', '/api/economy/balance')).body.balance).to.equal(before - 1.25);
    const reused = await asAlice('POST', '/api/economy/transfer', { to: 'Bob', amount: 2 }, { 'idempotency-key': 'pay-bob-once' });
    expect(reused.status).to.equal(409);
    // Keys are the caller's own: Bob may use the same one.
    expect((await as(bob)('POST', '/api/economy/transfer', { to: 'Alice', amount: 1.25 }, { 'idempotency-key': 'pay-bob-once' })).body.transaction.amount).to.equal(-1.25);
    expect((await asAlice('POST', '/api/economy/transfer', { to: 'Bob', amount: 1 }, { 'idempotency-key': 'bad key with spaces' })).status).to.equal(400);
  });

  it('lets admins adjust balances, audits it, refuses an overdraft, and posts a large adjustment to the webhook', async function () {
    const given = await asService('POST', '/api/admin/economy/adjust', { username: 'Bob', amount: 600, reason: 'Event prize' });
    expect(given.status).to.equal(200);
    expect(given.body.transaction).to.deep.include({ type: 'ADMIN', amount: 600, actor: 'service', description: 'Event prize' });
    const taken = await asService('POST', '/api/admin/economy/adjust', { username: 'Bob', amount: -100000, reason: 'Too much' });
    expect(taken.status).to.equal(400);
    expect(taken.body.code).to.equal('insufficient_funds');
    const bobNow = (await asService('GET', '/api/economy/balance?username=Bob')).body.balance as number;
    const shortBy = (100_000 - bobNow).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(taken.body.error).to.equal(
      `Insufficient funds: Bob's balance (€${bobNow.toLocaleString('en-US', { minimumFractionDigits: 2 })}) is €${shortBy} short of the €100,000.00 to take`,
    );
    expect((await asService('POST', '/api/admin/economy/adjust', { username: 'Bob', amount: 0, reason: 'nothing' })).status).to.equal(400);
    expect((await asService('POST', '/api/admin/economy/adjust', { username: 'Nobody', amount: 5, reason: 'x' })).status).to.equal(404);
    expect((await asService('POST', '/api/admin/economy/adjust', { username: 'Bob', amount: 5 })).status).to.equal(400);
    expect((await asAlice('POST', '/api/admin/economy/adjust', { username: 'Alice', amount: 5, reason: 'me' })).status).to.equal(403);
    const audit = (await asService('GET', '/api/admin/audit')).body.entries;
    expect(audit.find((entry: { action: string }) => entry.action === 'economy.adjust').details).to.deep.include({ player: 'Bob', amount: 600, reason: 'Event prize' });
    await eventually(() => (webhook.received.some((post) => post.body.embeds?.[0]?.title === 'Large admin adjustment') ? true : undefined), 5000, 'the webhook post');
    const post = webhook.received.find((candidate) => candidate.body.embeds?.[0]?.title === 'Large admin adjustment')!;
    expect(post.body.embeds[0].description).to.equal('service gave €600.00 to Bob: Event prize');
  });

  it('reverses a transfer on both sides once, answers 409 to a second reversal and 404 to an unknown id', async function () {
    const sent = await asAlice('POST', '/api/economy/transfer', { to: 'Bob', amount: 10 });
    const id = sent.body.transaction.id as number;
    const [aliceBefore, bobBefore] = await Promise.all([asService('GET', '/api/economy/balance?username=Alice'), asService('GET', '/api/economy/balance?username=Bob')]);
    const reversed = await asService('POST', `/api/admin/economy/transactions/${id + 1}/reverse`, { reason: 'sent by mistake' });
    expect(reversed.status).to.equal(200);
    expect(reversed.body.transactions.map((record: { reverses: number; type: string }) => [record.reverses, record.type]).sort()).to.deep.equal([
      [id, 'ADMIN'],
      [id + 1, 'ADMIN'],
    ]);
    expect((await asService('GET', '/api/economy/balance?username=Alice')).body.balance).to.equal(aliceBefore.body.balance + 10);
    expect((await asService('GET', '/api/economy/balance?username=Bob')).body.balance).to.equal(bobBefore.body.balance - 10);
    for (const again of [id, id + 1]) {
      const twice = await asService('POST', `/api/admin/economy/transactions/${again}/reverse`, {});
      expect(twice.status).to.equal(409);
      expect(twice.body.code).to.equal('already_reversed');
    }
    const reversal = reversed.body.transactions[0].id;
    expect((await asService('POST', `/api/admin/economy/transactions/${reversal}/reverse`, {})).status).to.equal(400);
    expect((await asService('POST', '/api/admin/economy/transactions/999999/reverse', {})).status).to.equal(404);
    expect((await asService('POST', '/api/admin/economy/transactions/abc/reverse', {})).status).to.equal(400);
    expect((await asService('GET', '/api/admin/audit')).body.entries.some((entry: { action: string }) => entry.action === 'economy.reverse')).to.equal(true);
  });

  it("refuses a reversal the payee's balance cannot cover, saying whose balance and by how much; nothing changes", async function () {
    const carol = await registeredUser(server.gatehouse, server.baseUrl, 'carol', 'Carol');
    const dave = await registeredUser(server.gatehouse, server.baseUrl, 'dave', 'Dave');
    const sent = await as(carol)('POST', '/api/economy/transfer', { to: 'Dave', amount: 12.5 });
    expect(sent.status).to.equal(200);
    expect((await as(dave)('POST', '/api/economy/transfer', { to: 'Alice', amount: 109.5 })).status).to.equal(200);
    const balances = async () => Promise.all(['Carol', 'Dave'].map(async (name) => (await asService('GET', `/api/economy/balance?username=${name}`)).body.balance as number));
    expect(await balances()).to.deep.equal([87.5, 3]);
    const refused = await asService('POST', `/api/admin/economy/transactions/${sent.body.transaction.id}/reverse`, {});
    expect(refused.status).to.equal(400);
    expect(refused.body).to.deep.equal({ success: false, error: "Cannot reverse: Dave's balance (€3.00) is €9.50 short of the €12.50 to take back", code: 'insufficient_funds' });
    expect(await balances()).to.deep.equal([87.5, 3]);
  });

  it('bounds balances and amounts at 100,000,000,000.00: what would pass it is refused with a 400 naming it, and nothing changes', async function () {
    const erin = await registeredUser(server.gatehouse, server.baseUrl, 'erin', 'Erin');
    const frank = await registeredUser(server.gatehouse, server.baseUrl, 'frank', 'Frank');
    await expectBalancesBounded(
      (token, method, urlPath, body) => as(token)(method, urlPath, body),
      serviceToken,
      { token: erin, name: 'Erin' },
      { token: frank, name: 'Frank' },
      100,
      '€',
    );
  });

  it('pages history newest first with limit (default 50, max 200) and page', async function () {
    for (let index = 0; index < 5; index += 1) await asService('POST', '/api/admin/economy/adjust', { username: 'Alice', amount: 1, reason: `tick ${index}` });
    const page = await asAlice('GET', '/api/economy/history?limit=2&page=2');
    expect(page.body.pagination.limit).to.equal(2);
    expect(page.body.pagination.page).to.equal(2);
    const firstPage = await asAlice('GET', '/api/economy/history?limit=2');
    expect(firstPage.body.transactions[0].description).to.equal('tick 4');
    expect(firstPage.body.transactions[0].id).to.be.greaterThan(firstPage.body.transactions[1].id);
    expect(page.body.transactions[0].id).to.be.lessThan(firstPage.body.transactions[1].id);
    expect((await asAlice('GET', '/api/economy/history?limit=201')).status).to.equal(400);
    expect((await asAlice('GET', '/api/economy/history?page=0')).status).to.equal(400);
  });
});

describe('economy endpoints with economy.provider none', function () {
  it('answers 503 "Economy system not available" on every economy endpoint but the symbol', async function () {
    const server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.economy.provider = 'none';
    });
    try {
      const token = await registeredUser(server.gatehouse, server.baseUrl, 'carol', 'Carol');
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/api/economy/balance'],
        ['GET', '/api/economy/history'],
        ['POST', '/api/economy/transfer', { to: 'Carol', amount: 1 }],
        ['GET', '/api/economy/market-prices'],
      ];
      for (const [method, urlPath, body] of calls) {
        const answer = await api(server.baseUrl, method, urlPath, { token, body });
        expect(answer.status, urlPath).to.equal(503);
        expect(answer.body).to.deep.equal({ success: false, error: 'Economy system not available', code: 'economy_unavailable' });
      }
      const adjust = await api(server.baseUrl, 'POST', '/api/admin/economy/adjust', { token: serviceToken, body: { username: 'Carol', amount: 1, reason: 'x' } });
      expect(adjust.status).to.equal(503);
      expect((await api(server.baseUrl, 'GET', '/api/economy/symbol')).status).to.equal(200);
    } finally {
      await server.stop();
    }
  });
});
