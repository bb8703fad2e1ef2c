/**
 * Announcements over HTTP on both stores: one made without `expiresAt` is
 * shown to joining players until it is removed, and DELETE
 * /api/admin/messages/:id removes one (gone from the list, shown to nobody
 * who joins after, audited); on PostgreSQL (two instances, a network) a
 * removal made on one server holds on the other.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Config } from '../../src/config/config.js';
import { eventually } from '../helpers/bots.js';
import { FakeGame } from '../helpers/fake-game.js';
import { api, startTestGatehouse, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { startNetworkInstance } from '../helpers/network.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';

const serviceToken = 'announcements-service-token-0123456789abcdef';

interface Instance {
  server: TestGatehouse;
  game: FakeGame;
  /** What each player was told, in order. */
  told: Array<{ player: string; text: string }>;
}

/** A game double that records what players are told. */
function tellingGame(): { game: FakeGame; told: Instance['told'] } {
  const game = new FakeGame();
  const told: Instance['told'] = [];
  game.capabilities.messaging = { sendMessage: async (player, text) => void told.push({ player, text }), broadcast: async () => undefined };
  return { game, told };
}

const configured = (config: Config) => {
  config.token = serviceToken;
};

const stores: Record<string, (context: Mocha.Context) => Promise<{ instances: Instance[]; dispose: () => Promise<void> }>> = {
  'JSON files': async () => {
    const { game, told } = tellingGame();
    const server = await startTestGatehouse(configured, { game });
    return { instances: [{ server, game, told }], dispose: () => server.stop() };
  },
  PostgreSQL: async (context) => {
    const postgres = await requirePostgres(context);
    const directory = await temporaryDirectory('gatehouse-announcements-');
    const network = { directory, postgres, prefix: uniquePrefix('announcements') };
    const instances = await Promise.all(
      ['first', 'second'].map(async (name) => {
        const { game, told } = tellingGame();
        return { server: await startNetworkInstance(network, name, configured, { game }), game, told };
      }),
    );
    return {
      instances,
      dispose: async () => {
        await Promise.all(instances.map((instance) => instance.server.stop()));
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
};

for (const [storeName, open] of Object.entries(stores)) {
  describe(`announcements until removed, and removing one, over HTTP (${storeName})`, function () {
    this.timeout(60_000);
    let instances: Instance[];
    let dispose: (() => Promise<void>) | undefined;
    let joins = 0;
    const asAdmin = (method: string, urlPath: string, body?: unknown) => api(instances[0]!.server.baseUrl, method, urlPath, { token: serviceToken, body });
    /** A new player joins `instance`'s game; resolves with what they were told of announcements once the join was handled. */
    const joinAndHear = async (instance: Instance): Promise<string[]> => {
      joins += 1;
      const name = `Joiner${joins}`;
      instance.game.join(name, `00000000-0000-4000-8000-${String(joins).padStart(12, '0')}`);
      // A marker told after the join's announcements: everything before it was said on joining.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await instance.game.capabilities.messaging!.sendMessage(name, 'marker');
      await eventually(() => (instance.told.some((said) => said.player === name && said.text === 'marker') ? true : undefined), 5000, 'the marker');
      return instance.told.filter((said) => said.player === name && said.text !== 'marker').map((said) => said.text);
    };

    before(async function () {
      this.timeout(120_000);
      ({ instances, dispose } = await open(this));
    });
    after(async function () {
      await dispose?.();
    });

    it('keeps an announcement made without expiresAt (expiresAt null) and shows it to every player who joins, on every server', async function () {
      const made = await asAdmin('POST', '/api/admin/messages', { content: 'Until removed' });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      expect(made.body.announcement).to.deep.include({ type: 'ANNOUNCEMENT', content: 'Until removed', expiresAt: null });
      const listed = (await asAdmin('GET', '/api/admin/messages')).body.messages.find((message: { id: number }) => message.id === made.body.announcement.id);
      expect(listed).to.deep.include({ expiresAt: null });
      for (const instance of instances)
        expect(await joinAndHear(instance), instance.server.config.serverId).to.satisfy((texts: string[]) => texts.some((text) => text.includes('Until removed')));
    });

    it('removes an announcement: gone from the list, shown to nobody who joins after on any server, audited', async function () {
      const kept = await asAdmin('POST', '/api/admin/messages', { content: 'Stays' });
      const gone = await asAdmin('POST', '/api/admin/messages', { content: 'Goes away', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
      const removed = await asAdmin('DELETE', `/api/admin/messages/${gone.body.announcement.id}`);
      expect(removed.status, JSON.stringify(removed.body)).to.equal(200);
      expect(removed.body).to.deep.include({ success: true });
      expect(removed.body.message).to.be.a('string');
      expect(removed.body.announcement).to.deep.include({ id: gone.body.announcement.id, content: 'Goes away' });

      const ids = (await asAdmin('GET', '/api/admin/messages')).body.messages.map((message: { id: number }) => message.id);
      expect(ids).to.include(kept.body.announcement.id);
      expect(ids).not.to.include(gone.body.announcement.id);
      for (const instance of instances) {
        const heard = await joinAndHear(instance);
        expect(
          heard.some((text) => text.includes('Stays')),
          instance.server.config.serverId,
        ).to.equal(true);
        expect(
          heard.some((text) => text.includes('Goes away')),
          instance.server.config.serverId,
        ).to.equal(false);
      }
      const [audit] = (await asAdmin('GET', '/api/admin/audit?limit=1')).body.entries;
      expect(audit).to.deep.include({ action: 'message.remove', actor: 'service' });
      expect(audit.details).to.deep.include({ id: gone.body.announcement.id, content: 'Goes away' });
    });

    it('answers 404 for an id that is no announcement (a direct message, an unknown or removed one) and 400 for one that is no id, changing nothing', async function () {
      instances[0]!.game.join('Steve', '00000000-0000-4000-8000-0000000057e5');
      const direct = await asAdmin('POST', '/api/admin/messages/send', { username: 'Steve', message: 'hi' });
      expect(direct.status).to.equal(200);
      const [directRecord] = (await asAdmin('GET', '/api/admin/messages?limit=1')).body.messages;
      expect(directRecord).to.deep.include({ type: 'DIRECT' });
      const announcement = (await asAdmin('POST', '/api/admin/messages', { content: 'Twice' })).body.announcement;
      expect((await asAdmin('DELETE', `/api/admin/messages/${announcement.id}`)).status).to.equal(200);
      const before = (await asAdmin('GET', '/api/admin/messages')).body.pagination.total;
      const auditBefore = (await asAdmin('GET', '/api/admin/audit?limit=1')).body.pagination.total;

      for (const id of [directRecord.id, announcement.id, 999999]) {
        const refused = await asAdmin('DELETE', `/api/admin/messages/${id}`);
        expect(refused.status, String(id)).to.equal(404);
        expect(refused.body, String(id)).to.deep.include({ success: false, code: 'no_announcement' });
      }
      for (const id of ['abc', '-1', '0', '1.5', '1e3', '99999999999999999999']) {
        const refused = await asAdmin('DELETE', `/api/admin/messages/${id}`);
        expect(refused.status, id).to.equal(400);
        expect(refused.body, id).to.deep.include({ success: false, code: 'invalid_field', field: 'id' });
      }
      expect((await asAdmin('GET', '/api/admin/messages')).body.pagination.total).to.equal(before);
      expect((await asAdmin('GET', '/api/admin/audit?limit=1')).body.pagination.total, 'nothing audited').to.equal(auditBefore);
    });
  });
}
