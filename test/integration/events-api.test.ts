import { connect } from 'node:net';
import { expect } from 'chai';
import type { GatehouseEvent } from '../../client/gatehouse-client.js';
import { eventKinds, type EventData, type EventType } from '../../src/features/events/kinds.js';
import { componentName, streamItems } from '../../src/features/events/schemas.js';
import { answerMismatch } from '../../src/http/validation.js';
import { registeredUser } from '../helpers/accounts.js';
import { readEvents, type TestEventReader } from '../helpers/event-stream.js';
import { eventually } from '../helpers/bots.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'events-test-service-token-0123456789abcdef';
const alice = { name: 'Alice', uuid: '11111111-1111-4111-8111-111111111111' };
const bob = { name: 'Bob', uuid: '22222222-2222-4222-8222-222222222222' };

/** One event of every kind, with data as its schema says; Alice's where a kind is about a player. */
function sampleOf(type: EventType): EventData<EventType> {
  const restart = { restartAt: '2026-11-28T20:00:00.000Z', reason: 'update', requestedBy: 'admin', delaySeconds: 60 };
  const moderation = {
    recordId: 5,
    kind: 'ban' as const,
    player: alice,
    address: '203.0.113.7',
    reason: 'griefing',
    by: 'admin',
    expiresAt: '2026-11-29T20:00:00.000Z',
    lifted: null,
    appeal: null,
  };
  const trade = { player: alice, item: 'minecraft:diamond', quantity: 2, price: 200, transactionId: 7 };
  const samples: { [T in EventType]: EventData<T> } = {
    'player.joined': { player: alice, ipAddress: '203.0.113.7' },
    'player.left': { player: alice, ipAddress: '203.0.113.7' },
    'money.moved': { transactionId: 7, player: alice, type: 'PURCHASE', amount: -200, balance: 50, description: 'Bought 2 diamonds' },
    'purchase.made': trade,
    'purchase.delivered': { deliveryId: 3, player: alice, item: 'minecraft:diamond', quantity: 2, given: 2, givenNow: 2, state: 'delivered' },
    'sale.made': trade,
    'jobs.payout': { payouts: [{ player: alice, amount: 1.5, description: 'Jobs: Miner (3 actions)' }] },
    'restart.scheduled': restart,
    'restart.cancelled': restart,
    'restart.started': restart,
    'settings.changed': { keys: ['maxPlayers'] },
    'whitelist.changed': { player: 'Alice', action: 'added', by: 'admin' },
    'key.new_address': { keyId: 'key_0123456789abcdef', name: 'dashboard', address: '203.0.113.9', previousAddress: null },
    'message.sent': { messageId: 4, type: 'ANNOUNCEMENT', content: 'Hello', sentBy: 'admin', expiresAt: null },
    'moderation.banned': moderation,
    'moderation.lifted': { ...moderation, lifted: { at: '2026-11-28T21:00:00.000Z', reason: 'Appeal accepted' } },
    'moderation.kicked': { ...moderation, kind: 'kick', expiresAt: null },
    'moderation.warned': { ...moderation, kind: 'warning', expiresAt: null },
    'moderation.appealed': { ...moderation, appeal: { text: 'Sorry', status: 'pending', answer: null, answeredBy: null } },
    'moderation.appeal_answered': { ...moderation, appeal: { text: 'Sorry', status: 'rejected', answer: 'No', answeredBy: 'admin' } },
    'backup.taken': { name: 'gatehouse-2026-11-28T09-00-00Z.zip', reason: 'manual', requestedBy: 'admin', bytes: 1024, tookMs: 40, deleted: [] },
    'backup.failed': { name: 'gatehouse-2026-11-28T09-00-00Z.zip', reason: 'scheduled', requestedBy: null, error: 'disk full' },
    'backup.restored': { archive: 'gatehouse-2026-11-28T09-00-00Z.zip', createdAt: '2026-11-28T09:00:00.000Z', restoredAt: '2026-11-28T10:00:00.000Z' },
    'server.status': { players: { online: 1, max: 20 }, ticks: null, memory: { gatehouse: { rssBytes: 1, heapUsedBytes: 1 }, game: null } },
  };
  return samples[type];
}

describe('The event stream, GET /api/events', function () {
  let server: TestGatehouse;
  const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });
  const publish = <T extends EventType>(type: T, data: EventData<T>) => server.gatehouse.services.get('events').publish(type, data);
  const readers: TestEventReader[] = [];
  const reader = (token: string, options: Parameters<typeof readEvents>[2] = {}) => {
    const made = readEvents(server.baseUrl, token, options);
    readers.push(made);
    return made;
  };
  async function keyWith(...scopes: string[]): Promise<string> {
    const made = await asService('POST', '/api/admin/keys', { name: `events ${scopes.join(' ').replace(/:/g, '-')}`, scopes });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    return made.body.secret as string;
  }

  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.events.maxStreamsPerAddress = 200;
      config.events.maxStreamsPerCaller = 3;
    });
  });

  afterEach(function () {
    for (const made of readers.splice(0)) made.close();
  });

  after(async function () {
    await server?.stop();
  });

  it('streams a restart scheduled and cancelled to the service token within a second', async function () {
    const events = reader(serviceToken);
    await events.opened;
    const asked = Date.now();
    expect((await asService('POST', '/api/admin/restart', { delay: 600, reason: 'maintenance' })).status).to.equal(200);
    const scheduled = await events.next((event) => event.type === 'restart.scheduled');
    expect(scheduled.at - asked).to.be.below(1000);
    expect(scheduled.event).to.deep.include({ type: 'restart.scheduled', server: 'main' });
    expect((scheduled.event as { data: { reason: string } }).data.reason).to.equal('maintenance');
    const cancelledAt = Date.now();
    expect((await asService('DELETE', '/api/admin/restart')).status).to.equal(200);
    const cancelled = await events.next((event) => event.type === 'restart.cancelled');
    expect(cancelled.at - cancelledAt).to.be.below(1000);
  });

  it('gives a key only the kinds its scopes read, and personal fields only with personal:read: every kind against every scope', async function () {
    this.timeout(60_000);
    const scopes = ((await asService('GET', '/api/admin/keys/scopes')).body.scopes as Array<{ scope: string }>)
      .map((entry) => entry.scope)
      .filter((scope) => scope !== 'personal:read');
    expect(scopes).to.include.members([
      'players:read',
      'economy:read',
      'shop:read',
      'jobs:read',
      'server:read',
      'settings:read',
      'whitelist:read',
      'keys:read',
      'messages:read',
      'admin',
    ]);
    const streams = new Map<string, TestEventReader>();
    for (const scope of scopes) streams.set(scope, reader(await keyWith(scope)));
    const personal = reader(await keyWith('players:read', 'keys:read', 'personal:read'));
    const everything = reader(serviceToken);
    await Promise.all([...streams.values(), personal, everything].map((made) => made.opened));

    for (const kind of eventKinds) publish(kind.type, sampleOf(kind.type));
    const last = eventKinds.at(-1)!.type;
    await everything.next((event) => event.type === last);
    // Every stream is written in the same flush as the service token's: a moment for the sockets.
    await new Promise((resolve) => setTimeout(resolve, 500));

    // The samples only: not the real first use of each key (key.new_address) nor a real status.
    const sample = (event: GatehouseEvent) =>
      (event.type !== 'server.status' || (event.data as { players: { max: number } }).players.max === 20) &&
      (event.type !== 'key.new_address' || (event.data as { name: string }).name === 'dashboard');
    const sent = (made: TestEventReader) => made.received.map((item) => item.event).filter(sample);
    expect(sent(everything).map((event) => event.type)).to.deep.equal(eventKinds.map((kind) => kind.type));
    for (const [scope, made] of streams) {
      const expected = eventKinds.filter((kind) => scope === 'admin' || kind.scope === scope).map((kind) => kind.type);
      expect(
        sent(made).map((event) => event.type),
        scope,
      ).to.deep.equal(expected);
      for (const event of sent(made)) {
        const kind = eventKinds.find((entry) => entry.type === event.type)!;
        const data = event.data as Record<string, unknown>;
        // admin holds personal:read; any other scope alone sees no personal field.
        for (const field of kind.personal ?? []) expect(field in data, `${scope}: ${event.type}.${field}`).to.equal(scope === 'admin');
      }
    }
    const withPersonal = sent(personal).filter((event) => event.type === 'player.joined' || event.type === 'key.new_address');
    expect(withPersonal.map((event) => event.type)).to.deep.equal(['player.joined', 'key.new_address']);
    expect((withPersonal[0]!.data as { ipAddress?: string }).ipAddress).to.equal('203.0.113.7');
    expect((withPersonal[1]!.data as { address?: string }).address).to.equal('203.0.113.9');
    // Every item matches its schema in the OpenAPI document.
    for (const event of sent(everything)) expect(answerMismatch(streamItems[componentName(event.type)]!, event), event.type).to.equal(undefined);
  });

  it('gives a player the events about them only: their own money, trades, pay and messages', async function () {
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'alice_web', alice.name);
    const user = await server.gatehouse.store.users.findByUsername('alice_web');
    const me = { name: user!.gameUsername, uuid: user!.gameUuid };
    const mine = reader(token);
    const everything = reader(serviceToken);
    await Promise.all([mine.opened, everything.opened]);
    publish('money.moved', { transactionId: 1, player: bob, type: 'TRANSFER', amount: -5, balance: 10, description: 'to Alice', counterparty: me });
    publish('money.moved', { transactionId: 2, player: me, type: 'TRANSFER', amount: 5, balance: 5, description: 'from Bob', counterparty: bob });
    publish('jobs.payout', {
      payouts: [
        { player: bob, amount: 2, description: 'Jobs: Miner' },
        { player: me, amount: 1, description: 'Jobs: Farmer' },
      ],
    });
    publish('message.sent', { messageId: 1, type: 'DIRECT', content: 'for Bob', recipient: 'Bob', sentBy: 'admin', expiresAt: null });
    publish('message.sent', { messageId: 2, type: 'DIRECT', content: 'for you', recipient: me.name.toUpperCase(), sentBy: 'admin', expiresAt: null });
    publish('purchase.made', { player: bob, item: 'minecraft:stone', quantity: 1, price: 1, transactionId: 3 });
    publish('player.joined', { player: me, ipAddress: '203.0.113.7' });
    publish('settings.changed', { keys: ['motd'] });
    await everything.next((event) => event.type === 'settings.changed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const got = mine.received.map((item) => item.event as GatehouseEvent & { data: any });
    expect(got.map((event) => event.type)).to.deep.equal(['money.moved', 'jobs.payout', 'message.sent']);
    expect(got[0]!.data.transactionId).to.equal(2);
    expect(got[1]!.data.payouts).to.deep.equal([{ player: me, amount: 1, description: 'Jobs: Farmer' }]);
    expect(got[2]!.data.content).to.equal('for you');
  });

  it('refuses what is not an event stream: unknown kinds, a Last-Event-ID that is no id, no credentials, and streams past the caps', async function () {
    const types = await api(server.baseUrl, 'GET', '/api/events?types=player.joined,player.danced', { token: serviceToken });
    expect(types.status).to.equal(400);
    expect(types.body).to.deep.include({ success: false, code: 'invalid_field', field: 'types' });
    expect(types.body.error).to.match(/player\.danced/);
    const badId = await api(server.baseUrl, 'GET', '/api/events', { token: serviceToken, headers: { 'last-event-id': 'abc' } });
    expect(badId.status).to.equal(400);
    expect(badId.body.code).to.equal('invalid_last_event_id');
    expect((await api(server.baseUrl, 'GET', '/api/events')).status).to.equal(401);
    const key = await keyWith('players:read');
    const open = [reader(key), reader(key), reader(key)];
    await Promise.all(open.map((made) => made.opened));
    const fourth = await api(server.baseUrl, 'GET', '/api/events', { token: key });
    expect(fourth.status).to.equal(429);
    expect(fourth.body.code).to.equal('too_many_streams');
    expect(fourth.headers.get('retry-after')).to.equal('5');
    open[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = reader(key);
    await again.opened;
  });

  it('sends what was missed after Last-Event-ID, then the live events, none twice; and a gap for an id the log never gave', async function () {
    const first = reader(serviceToken, { types: ['settings.changed'] });
    await first.opened;
    publish('settings.changed', { keys: ['a'] });
    const seen = await first.next((event) => event.type === 'settings.changed');
    first.close();
    publish('settings.changed', { keys: ['b'] });
    publish('settings.changed', { keys: ['c'] });
    await server.gatehouse.services.get('events').flushed();
    const lastEventId = (seen.event as { id: string }).id;
    const again = reader(serviceToken, { types: ['settings.changed'], lastEventId });
    await again.next((event) => event.type === 'settings.changed' && (event.data as { keys: string[] }).keys[0] === 'c');
    publish('settings.changed', { keys: ['d'] });
    await again.next((event) => (event.data as { keys?: string[] }).keys?.[0] === 'd');
    expect(again.received.map((item) => (item.event.data as { keys: string[] }).keys[0])).to.deep.equal(['b', 'c', 'd']);

    // An id the log never gave: a gap, then the live events.
    const unknown = reader(serviceToken, { types: ['settings.changed'], lastEventId: '999999999' });
    const gap = await unknown.next((event) => event.type === 'gap');
    expect(gap.event.data).to.deep.include({ lastEventId: '999999999', reason: 'unknown' });
  });

  it('cuts a reader that does not read, past its buffer, without delaying the others', async function () {
    this.timeout(60_000);
    // A reader that sends its request and then reads nothing: the kernel's buffers fill, then Gatehouse's.
    const slow = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    slow.on('error', () => undefined);
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.pause();
    slow.write(`GET /api/events?types=message.sent HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${serviceToken}\r\n\r\n`);
    const streams = server.gatehouse.services.get('eventStreams');
    const droppedBefore = streams.droppedCount;
    await eventually(() => streams.size >= 1 || undefined, 5000, 'the slow stream open');
    const fast = reader(serviceToken, { types: ['message.sent'] });
    await fast.opened;
    const content = 'x'.repeat(4000);
    const total = 4000;
    const published = new Map<number, number>();
    for (let index = 0; index < total; index += 1) {
      published.set(index, Date.now());
      publish('message.sent', { messageId: index, type: 'ANNOUNCEMENT', content, sentBy: 'load', expiresAt: null });
      // About 2,000 a second.
      if (index % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await fast.next((event) => (event.data as { messageId?: number }).messageId === total - 1, 30_000);
    await eventually(() => streams.droppedCount > droppedBefore || undefined, 10_000, 'the slow stream cut');
    slow.destroy();
    const delays = fast.received.map((item) => item.at - published.get((item.event.data as { messageId: number }).messageId)!).sort((a, b) => a - b);
    expect(fast.received.map((item) => (item.event.data as { messageId: number }).messageId)).to.deep.equal([...Array(total).keys()]);
    const p99 = delays[Math.floor(delays.length * 0.99)]!;
    console.log(`      ${total} events of 4 KB: the reader that keeps up got each within ${p99} ms (p99), the one that does not read was cut`);
    expect(p99).to.be.below(1000);
  });
});
