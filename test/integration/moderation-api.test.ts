/**
 * Moderation over HTTP on both stores: bans of players and addresses put on
 * the game's ban list (on PostgreSQL, two instances of a network: on both,
 * and on a third started after the ban), lifted, ended by Gatehouse where the
 * game keeps them past their end; kicks and warnings; the refusals that
 * change nothing; an operator kept from a key made without an operator's
 * standing; addresses only under personal:read; a player's own record and
 * their one appeal, accepted by an admin; audit entries.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Config } from '../../src/config/config.js';
import type { GatehouseEvent } from '../../client/gatehouse-client.js';
import { registeredUser } from '../helpers/accounts.js';
import { BanListDouble } from '../helpers/ban-list-double.js';
import { eventually } from '../helpers/bots.js';
import { readEvents, type TestEventReader } from '../helpers/event-stream.js';
import { FakeGame } from '../helpers/fake-game.js';
import { api, startTestGatehouse, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { startNetworkInstance, type TestNetwork } from '../helpers/network.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';

const serviceToken = 'moderation-service-token-0123456789abcdef';

interface Instance {
  server: TestGatehouse;
  game: FakeGame;
  bans: BanListDouble;
  /** What players were told in game. */
  told: string[];
}

const configured = (config: Config) => {
  config.token = serviceToken;
};

function gameWithBans(endsBans = true): Omit<Instance, 'server'> {
  const game = new FakeGame();
  const told: string[] = [];
  game.capabilities.messaging = { sendMessage: async (_player, text) => void told.push(text), broadcast: async () => undefined };
  return { game, bans: new BanListDouble(game, endsBans), told };
}

interface Setup {
  instances: Instance[];
  /** Starts one more instance on the same records (a restart on JSON files, a new server of the network on PostgreSQL). */
  another(endsBans?: boolean): Promise<Instance>;
  dispose(): Promise<void>;
}

const stores: Record<string, (context: Mocha.Context) => Promise<Setup>> = {
  'JSON files': async () => {
    const directory = await temporaryDirectory('gatehouse-moderation-');
    const started: Instance[] = [];
    const stopped = new Set<Instance>();
    const start = async (endsBans = true) => {
      const made = gameWithBans(endsBans);
      const instance = { server: await startTestGatehouse(configured, { game: made.game, dataDirectory: directory }), ...made };
      started.push(instance);
      return instance;
    };
    const first = await start();
    return {
      instances: [first],
      another: async (endsBans) => {
        // One Gatehouse on a data directory at a time: the first stops, as at a restart.
        await first.server.stop();
        stopped.add(first);
        return start(endsBans);
      },
      dispose: async () => {
        await Promise.all(started.filter((instance) => !stopped.has(instance)).map((instance) => instance.server.stop()));
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
  PostgreSQL: async (context) => {
    const postgres = await requirePostgres(context);
    const directory = await temporaryDirectory('gatehouse-moderation-');
    const network: TestNetwork = { directory, postgres, prefix: uniquePrefix('moderation') };
    let count = 0;
    const start = async (endsBans = true) => {
      count += 1;
      const made = gameWithBans(endsBans);
      return { server: await startNetworkInstance(network, `server${count}`, configured, { game: made.game }), ...made };
    };
    const instances = [await start(), await start()];
    const later: Instance[] = [];
    return {
      instances,
      another: async (endsBans) => {
        const instance = await start(endsBans);
        later.push(instance);
        return instance;
      },
      dispose: async () => {
        await Promise.all([...instances, ...later].map((instance) => instance.server.stop()));
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
};

for (const [storeName, open] of Object.entries(stores)) {
  describe(`moderation over HTTP (${storeName})`, function () {
    this.timeout(60_000);
    let setup: Setup;
    let first: Instance;
    const call = (method: string, urlPath: string, body?: unknown, token = serviceToken) => api(first.server.baseUrl, method, urlPath, { token, body });
    const recordCount = async () => (await call('GET', '/api/moderation/records?limit=100')).body.pagination.total as number;
    const everyGame = () => setup.instances.map((instance) => instance.bans);

    before(async function () {
      setup = await open(this);
      first = setup.instances[0]!;
    });
    after(() => setup?.dispose());

    it('refuses what it must, changing nothing: an unknown player, an end already past, a reason too long or with codes, neither or both targets, an address that is not one', async () => {
      first.game.join('Griefer', '00000000-0000-4000-8000-000000000001');
      const refusals: Array<[unknown, number, string, string]> = [
        [{ username: 'NeverSeen', reason: 'x' }, 404, 'player_not_found', 'username'],
        [{ username: 'Griefer', reason: 'x', expiresAt: new Date(Date.now() - 60_000).toISOString() }, 400, 'invalid_field', 'expiresAt'],
        [{ username: 'Griefer', reason: 'x'.repeat(10_000) }, 400, 'invalid_field', 'reason'],
        [{ username: 'Griefer', reason: 'griefing &cin red' }, 400, 'invalid_field', 'reason'],
        [{ username: 'Griefer', reason: 'griefing §4in red' }, 400, 'invalid_field', 'reason'],
        [{ reason: 'nobody' }, 400, 'invalid_field', 'username'],
        [{ username: 'Griefer', address: '203.0.113.9', reason: 'both' }, 400, 'invalid_field', 'username'],
        [{ address: '203.0.113.9; stop', reason: 'x' }, 400, 'invalid_field', 'address'],
      ];
      for (const [body, status, code, field] of refusals) {
        const answer = await call('POST', '/api/moderation/bans', body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).to.equal(status);
        expect(answer.body).to.include({ success: false, code });
        expect(answer.body.field, JSON.stringify(body).slice(0, 80)).to.equal(field);
      }
      expect(await recordCount()).to.equal(0);
      for (const bans of everyGame()) expect(bans.held).to.deep.equal([]);
      expect(first.game.online.map((player) => player.name)).to.deep.equal(['Griefer']);
    });

    it('bans a player: on every server’s game list with the reason and end, removed at once, in force in the list, audited; a second ban replaces the first', async () => {
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      const banned = await call('POST', '/api/moderation/bans', { username: 'Griefer', reason: 'griefing the spawn', expiresAt });
      expect(banned.status, JSON.stringify(banned.body)).to.equal(201);
      expect(banned.body.record).to.deep.include({ kind: 'ban', reason: 'griefing the spawn', expiresAt, inForce: true, by: 'service', lifted: null, appeal: null });
      expect(banned.body.record.player).to.deep.equal({ name: 'Griefer', uuid: '00000000-0000-4000-8000-000000000001' });
      expect(first.game.online, 'removed at once').to.deep.equal([]);
      for (const bans of everyGame()) {
        await eventually(() => bans.of('Griefer'), 10_000, 'the ban on every server');
        expect(bans.of('Griefer')).to.deep.include({ reason: 'griefing the spawn', source: 'Gatehouse', expires: expiresAt });
      }
      const replaced = await call('POST', '/api/moderation/bans', { username: 'griefer', reason: 'griefing again' });
      expect(replaced.status).to.equal(201);
      for (const bans of everyGame()) await eventually(() => (bans.of('Griefer')?.reason === 'griefing again' ? true : undefined), 10_000, 'the later ban');
      expect(first.bans.of('Griefer')!.expires).to.equal(null);
      const inForce = await call('GET', '/api/moderation/records?inForce=true');
      expect(inForce.body.records.map((record: { id: number }) => record.id)).to.deep.equal([replaced.body.record.id]);
      const earlier = await call('GET', `/api/moderation/records/${banned.body.record.id}`);
      expect(earlier.body.record.inForce).to.equal(false);
      expect(earlier.body.record.lifted).to.include({ by: 'service', reason: `Replaced by ban ${replaced.body.record.id}` });
      const audit = await call('GET', '/api/admin/audit?limit=20');
      const actions = audit.body.entries.map((entry: { action: string; details: { player?: string } }) => `${entry.action} ${entry.details.player}`);
      expect(actions).to.include('moderation.ban Griefer');
    });

    it('lifts a ban on every server, once (409 after)', async () => {
      const [ban] = (await call('GET', '/api/moderation/records?inForce=true')).body.records;
      const lifted = await call('POST', `/api/moderation/bans/${ban.id}/lift`, { reason: 'served long enough' });
      expect(lifted.status, JSON.stringify(lifted.body)).to.equal(200);
      expect(lifted.body.record).to.deep.include({ inForce: false });
      expect(lifted.body.record.lifted).to.include({ reason: 'served long enough', by: 'service' });
      for (const bans of everyGame()) await eventually(() => (bans.of('Griefer') ? undefined : true), 10_000, 'the ban lifted everywhere');
      const again = await call('POST', `/api/moderation/bans/${ban.id}/lift`, {});
      expect(again.status).to.equal(409);
      expect(again.body.code).to.equal('ban_not_in_force');
      expect((await call('POST', '/api/moderation/bans/99999/lift', {})).status).to.equal(404);
      expect((await call('POST', '/api/moderation/bans/abc/lift', {})).status).to.equal(400);
    });

    it('kicks an online player with the reason, recorded; a player not online is a 404 and nothing is recorded', async () => {
      first.game.join('Loud', '00000000-0000-4000-8000-000000000002');
      const before = await recordCount();
      const kicked = await call('POST', '/api/moderation/kicks', { username: 'Loud', reason: '<b>spamming</b>' });
      expect(kicked.status, JSON.stringify(kicked.body)).to.equal(201);
      expect(first.bans.kicks.at(-1)!.name).to.equal('Loud');
      expect(first.bans.kicks.at(-1)!.message).to.contain('<b>spamming</b>');
      const away = await call('POST', '/api/moderation/kicks', { username: 'Loud', reason: 'again' });
      expect(away.status).to.equal(404);
      expect(away.body).to.include({ code: 'player_not_online', field: 'username' });
      expect(await recordCount()).to.equal(before + 1);
    });

    it('warns a player, told in game when online; the record of a player shows every kind, newest first', async () => {
      first.game.join('Loud', '00000000-0000-4000-8000-000000000002');
      const warned = await call('POST', '/api/moderation/warnings', { username: 'Loud', reason: 'mind the language' });
      expect(warned.status).to.equal(201);
      expect(first.told.at(-1)).to.contain('mind the language');
      const record = await call('GET', '/api/moderation/records?username=loud');
      expect(record.body.records.map((entry: { kind: string }) => entry.kind)).to.deep.equal(['warning', 'kick']);
      first.game.quit('Loud');
    });

    it('keeps operators from a key made without an operator’s standing; the service token may act on them', async () => {
      first.game.join('Chief', '00000000-0000-4000-8000-000000000003');
      await first.game.operators.setOperator('Chief', true);
      for (const instance of setup.instances) await instance.game.operators.setOperator('Chief', true);
      const key = await call('POST', '/api/admin/keys', { name: 'moderation bot', scopes: ['moderation:write', 'moderation:read'] });
      expect(key.status, JSON.stringify(key.body)).to.equal(201);
      const before = await recordCount();
      for (const path of ['/api/moderation/bans', '/api/moderation/kicks', '/api/moderation/warnings']) {
        const refused = await call('POST', path, { username: 'Chief', reason: 'a coup' }, key.body.secret);
        expect(refused.status, path).to.equal(403);
        expect(refused.body).to.include({ code: 'operator_protected', field: 'username' });
      }
      expect(await recordCount()).to.equal(before);
      expect(first.game.online.map((player) => player.name)).to.include('Chief');
      const byService = await call('POST', '/api/moderation/warnings', { username: 'Chief', reason: 'mind the console' });
      expect(byService.status).to.equal(201);
      first.game.quit('Chief');
    });

    it('bans an address, shown to a key only under personal:read, kept out of the audit log', async () => {
      const banned = await call('POST', '/api/moderation/bans', { address: '::ffff:198.51.100.7', reason: 'ban evasion' });
      expect(banned.status, JSON.stringify(banned.body)).to.equal(201);
      expect(banned.body.record).to.deep.include({ player: null, address: '198.51.100.7' });
      for (const bans of everyGame()) await eventually(() => bans.of('198.51.100.7'), 10_000, 'the address ban everywhere');
      const plain = await call('POST', '/api/admin/keys', { name: 'reader', scopes: ['moderation:read'] });
      const personal = await call('POST', '/api/admin/keys', { name: 'personal reader', scopes: ['moderation:read', 'personal:read'] });
      const [hidden] = (await call('GET', '/api/moderation/records?inForce=true', undefined, plain.body.secret)).body.records;
      expect(hidden).to.not.have.property('address');
      const [shown] = (await call('GET', '/api/moderation/records?inForce=true', undefined, personal.body.secret)).body.records;
      expect(shown.address).to.equal('198.51.100.7');
      const audit = await call('GET', '/api/admin/audit?limit=5');
      expect(JSON.stringify(audit.body.entries)).to.not.contain('198.51.100.7');
      expect((await call('POST', `/api/moderation/bans/${banned.body.record.id}/lift`, {})).status).to.equal(200);
    });

    it('tells the event stream: a key sees a ban’s address only under personal:read, the banned player sees their own ban without address or author', async () => {
      const token = await registeredUser(first.server.gatehouse, first.server.baseUrl, 'streamed', 'Streamed');
      const plain = await call('POST', '/api/admin/keys', { name: 'stream reader', scopes: ['moderation:read'] });
      const personal = await call('POST', '/api/admin/keys', { name: 'stream personal reader', scopes: ['moderation:read', 'personal:read'] });
      const streams = [plain.body.secret as string, personal.body.secret as string, token].map((secret) => readEvents(first.server.baseUrl, secret));
      try {
        await Promise.all(streams.map((stream) => stream.opened));
        const [plainStream, personalStream, ownStream] = streams as [TestEventReader, TestEventReader, TestEventReader];
        const address = await call('POST', '/api/moderation/bans', { address: '198.51.100.9', reason: 'evasion' });
        const player = await call('POST', '/api/moderation/bans', { username: 'Streamed', reason: 'spam' });
        const isBan = (id: number) => (event: GatehouseEvent) => event.type === 'moderation.banned' && (event.data as { recordId: number }).recordId === id;
        const addressId = address.body.record.id as number;
        expect((await plainStream.next(isBan(addressId), 5000)).event.data).to.not.have.property('address');
        expect((await personalStream.next(isBan(addressId), 5000)).event.data).to.include({ address: '198.51.100.9', by: 'service' });
        const own = (await ownStream.next(isBan(player.body.record.id as number), 5000)).event.data;
        expect(own).to.deep.include({ kind: 'ban', reason: 'spam', player: { name: 'Streamed', uuid: player.body.record.player.uuid } });
        expect(own).to.not.have.any.keys('address', 'by');
        expect(
          ownStream.received.some((item) => isBan(addressId)(item.event)),
          'another’s ban is not in a player’s stream',
        ).to.equal(false);
        await call('POST', `/api/moderation/bans/${player.body.record.id}/lift`, {});
        await ownStream.next((event) => event.type === 'moderation.lifted', 5000);
        await call('POST', `/api/moderation/bans/${addressId}/lift`, {});
      } finally {
        for (const stream of streams) stream.close();
      }
    });

    it('a player reads their own record, appeals a ban in force once; an admin accepts and the ban is lifted everywhere', async () => {
      const token = await registeredUser(first.server.gatehouse, first.server.baseUrl, 'builder', 'Builder');
      const other = await registeredUser(first.server.gatehouse, first.server.baseUrl, 'bystander', 'Bystander');
      const banned = await call('POST', '/api/moderation/bans', { username: 'Builder', reason: 'xray' });
      const id = banned.body.record.id as number;
      await call('POST', '/api/moderation/warnings', { username: 'Builder', reason: 'first warning' });
      const mine = await api(first.server.baseUrl, 'GET', '/api/moderation/me', { token });
      expect(mine.status).to.equal(200);
      expect(mine.body).to.include({ player: 'Builder', banned: true });
      expect(mine.body.records.map((record: { kind: string; reason: string }) => `${record.kind} ${record.reason}`)).to.deep.equal(['warning first warning', 'ban xray']);
      expect(mine.body.records[1]).to.not.have.property('by');
      const notTheirs = await api(first.server.baseUrl, 'POST', `/api/moderation/me/bans/${id}/appeal`, { token: other, body: { text: 'let them in' } });
      expect(notTheirs.status).to.equal(404);
      const appealed = await api(first.server.baseUrl, 'POST', `/api/moderation/me/bans/${id}/appeal`, { token, body: { text: 'I was <i>testing</i> a resource pack' } });
      expect(appealed.status, JSON.stringify(appealed.body)).to.equal(201);
      expect(appealed.body.record.appeal).to.include({ text: 'I was <i>testing</i> a resource pack', status: 'pending' });
      // Banned: the portal stays open, but no money moves and nothing is bought or sold.
      for (const [path, body] of [
        ['/api/economy/transfer', { to: 'Bystander', amount: 1 }],
        ['/api/shop/purchase', { item: 'diamond', quantity: 1 }],
        ['/api/player/inventory/sell', { all: true }],
      ] as const) {
        const refused = await api(first.server.baseUrl, 'POST', path, { token, body });
        expect(refused.status, path).to.equal(403);
        expect(refused.body.code, path).to.equal('banned');
        expect(refused.body.error, path).to.contain('xray');
      }
      const twice = await api(first.server.baseUrl, 'POST', `/api/moderation/me/bans/${id}/appeal`, { token, body: { text: 'again' } });
      expect(twice.status).to.equal(409);
      expect(twice.body.code).to.equal('already_appealed');
      const pending = await call('GET', '/api/moderation/records?appeal=pending');
      expect(pending.body.records.map((record: { id: number }) => record.id)).to.deep.equal([id]);
      const accepted = await call('POST', `/api/moderation/bans/${id}/appeal/answer`, { accept: true, answer: 'Fair enough, welcome back' });
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
      expect(accepted.body.record).to.deep.include({ inForce: false });
      expect(accepted.body.record.appeal).to.include({ status: 'accepted', answer: 'Fair enough, welcome back', answeredBy: 'service' });
      for (const bans of everyGame()) await eventually(() => (bans.of('Builder') ? undefined : true), 10_000, 'the ban lifted everywhere');
      const answeredTwice = await call('POST', `/api/moderation/bans/${id}/appeal/answer`, { accept: false, answer: 'no' });
      expect(answeredTwice.status).to.equal(409);
      const after = await api(first.server.baseUrl, 'GET', '/api/moderation/me', { token });
      expect(after.body.banned).to.equal(false);
      const transfer = await api(first.server.baseUrl, 'POST', '/api/economy/transfer', { token, body: { to: 'Bystander', amount: 1 } });
      expect(transfer.body.code, 'no longer refused as banned').to.not.equal('banned');
      expect(after.body.records[1].appeal).to.include({ status: 'accepted', answer: 'Fair enough, welcome back' });
      const byKey = await call('POST', '/api/admin/keys', { name: 'not a player', scopes: ['moderation:read'] });
      expect((await api(first.server.baseUrl, 'GET', '/api/moderation/me', { token: byKey.body.secret })).status).to.equal(403);
    });

    it('a ban made while a server was away holds there once it starts; a ban the game made itself is left alone; an ended ban the game keeps is lifted by Gatehouse', async () => {
      const ends = new Date(Date.now() + 2500).toISOString();
      const short = await call('POST', '/api/moderation/bans', { username: 'Griefer', reason: 'five minutes to cool off', expiresAt: ends });
      expect(short.status).to.equal(201);
      const lasting = await call('POST', '/api/moderation/bans', { username: 'Loud', reason: 'for good' });
      expect(lasting.status).to.equal(201);
      // A game that keeps bans past their end (vanilla's ban command), holding a ban its own console made.
      const late = await setup.another(false);
      const consoleBan = { player: { name: 'Console', uuid: '' }, reason: 'typed in the console', source: 'Server', created: null, expires: null };
      late.bans.held.push(consoleBan);
      await eventually(() => late.bans.of('Loud'), 10_000, 'the ban made before it started');
      expect(late.bans.of('Griefer')).to.include({ reason: 'five minutes to cool off' });
      await eventually(() => (late.bans.of('Griefer') ? undefined : true), 15_000, 'the ended ban lifted');
      expect(late.bans.of('Loud')).to.include({ reason: 'for good' });
      expect(late.bans.of('Console')).to.deep.equal(consoleBan);
      const readBack = await api(late.server.baseUrl, 'GET', '/api/moderation/game-bans', { token: serviceToken });
      expect(readBack.status).to.equal(200);
      expect(readBack.body.bans).to.deep.equal([
        { player: { name: 'Console', uuid: '' }, address: null, reason: 'typed in the console', source: 'Server', created: null, expires: null },
      ]);
    });
  });
}
