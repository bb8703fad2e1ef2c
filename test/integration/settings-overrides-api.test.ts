/**
 * Which settings override config.yml, and giving one back, over HTTP on both
 * stores: GET /api/admin/settings names the overridden keys and the value
 * each hides (`overridden`, `defaults`), and DELETE
 * /api/admin/settings/overrides/:key gives a key back to config.yml: stored,
 * applied to the game at once, audited, and on PostgreSQL (two instances, a
 * network) applied on the other server's game too.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Config } from '../../src/config/config.js';
import { settingsPart } from '../../src/features/settings/store.js';
import type { GameSettingsChange } from '../../src/game/port.js';
import { eventually } from '../helpers/bots.js';
import { FakeGame } from '../helpers/fake-game.js';
import { api, startTestGatehouse, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { startNetworkInstance } from '../helpers/network.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';

const serviceToken = 'settings-overrides-service-token-0123456789abcdef';

/** A game double that records every settings change it is sent, and applies them all. */
function recordingGame(): { game: FakeGame; applied: GameSettingsChange[] } {
  const game = new FakeGame();
  const applied: GameSettingsChange[] = [];
  game.capabilities.control = {
    applySettings: async (change) => {
      applied.push(change);
      return Object.keys(change) as Array<keyof GameSettingsChange>;
    },
    restart: async () => undefined,
  };
  return { game, applied };
}

const configured = (config: Config) => {
  config.token = serviceToken;
  config.settings.difficulty = 'easy';
  config.settings.maxPlayers = 12;
};

interface Instance {
  server: TestGatehouse;
  applied: GameSettingsChange[];
}

const stores: Record<string, (context: Mocha.Context) => Promise<{ instances: Instance[]; dispose: () => Promise<void> }>> = {
  'JSON files': async () => {
    const { game, applied } = recordingGame();
    const server = await startTestGatehouse(configured, { game });
    return { instances: [{ server, applied }], dispose: () => server.stop() };
  },
  // Two instances on one database: a network, whose other server must follow a change too.
  PostgreSQL: async (context) => {
    const postgres = await requirePostgres(context);
    const directory = await temporaryDirectory('gatehouse-settings-overrides-');
    const network = { directory, postgres, prefix: uniquePrefix('overrides') };
    const instances = await Promise.all(
      ['first', 'second'].map(async (name) => {
        const { game, applied } = recordingGame();
        return { server: await startNetworkInstance(network, name, configured, { game }), applied };
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
  describe(`settings overriding config.yml, and giving them back, over HTTP (${storeName})`, function () {
    this.timeout(60_000);
    let instances: Instance[];
    let dispose: (() => Promise<void>) | undefined;
    const on = (instance: Instance) => (method: string, urlPath: string, body?: unknown) => api(instance.server.baseUrl, method, urlPath, { token: serviceToken, body });
    const first = () => on(instances[0]!);

    before(async function () {
      this.timeout(120_000);
      ({ instances, dispose } = await open(this));
    });
    after(async function () {
      await dispose?.();
    });

    it('names the overridden keys and the value each hides beside the settings', async function () {
      const untouched = await first()('GET', '/api/admin/settings');
      expect(untouched.status).to.equal(200);
      expect(untouched.body.overridden).to.deep.equal([]);
      expect(untouched.body.defaults).to.deep.equal(untouched.body.settings);

      expect((await first()('POST', '/api/admin/settings', { difficulty: 'hard', chat: { enabled: true } })).status).to.equal(200);
      const read = await first()('GET', '/api/admin/settings');
      expect(read.body.settings).to.deep.include({ difficulty: 'hard', maxPlayers: 12 });
      expect(read.body.overridden).to.deep.equal(['difficulty', 'chat.enabled']);
      expect(read.body.defaults).to.deep.include({ difficulty: 'easy', maxPlayers: 12 });
      expect(read.body.defaults.chat.enabled).to.equal(false);
    });

    it('gives a key back to config.yml: stored, applied in game at once, audited, and on every server', async function () {
      for (const instance of instances) instance.applied.length = 0;
      const given = await first()('DELETE', '/api/admin/settings/overrides/difficulty');
      expect(given.status, JSON.stringify(given.body)).to.equal(200);
      expect(given.body).to.deep.include({ success: true, updated: ['difficulty'], appliedInGame: ['difficulty'] });
      expect(given.body.message)
        .to.be.a('string')
        .and.match(/difficulty/);
      expect(instances[0]!.applied).to.deep.equal([{ difficulty: 'easy' }]);

      for (const instance of instances) {
        await eventually(
          async () => {
            const read = await on(instance)('GET', '/api/admin/settings');
            return read.body.settings.difficulty === 'easy' && JSON.stringify(read.body.overridden) === '["chat.enabled"]' ? true : undefined;
          },
          10_000,
          `${instance.server.config.serverId} follows config.yml's difficulty`,
        );
        await eventually(() => (instance.applied.some((change) => change.difficulty === 'easy') ? true : undefined), 10_000, `the game of ${instance.server.config.serverId}`);
      }
      expect(await instances[0]!.server.gatehouse.store.part(settingsPart).load(), 'the stored overrides').to.deep.equal({ chat: { enabled: true } });

      const [audit] = (await first()('GET', '/api/admin/audit?limit=1')).body.entries;
      expect(audit).to.deep.include({ action: 'settings.update', actor: 'service' });
      expect(audit.details).to.deep.equal({ change: { difficulty: null }, before: { difficulty: 'hard' } });

      // A nested key, by its dotted path; then nothing is overridden.
      const nested = await first()('DELETE', '/api/admin/settings/overrides/chat.enabled');
      expect(nested.status).to.equal(200);
      expect(nested.body.updated).to.deep.equal(['chat.enabled']);
      const read = await first()('GET', '/api/admin/settings');
      expect(read.body.overridden).to.deep.equal([]);
      expect(read.body.settings.chat.enabled).to.equal(false);
    });

    it('answers a key that is not overridden with nothing given back, and an unknown key or a group with 404, changing nothing', async function () {
      const auditBefore = (await first()('GET', '/api/admin/audit?limit=1')).body.pagination.total as number;
      const nothing = await first()('DELETE', '/api/admin/settings/overrides/maxPlayers');
      expect(nothing.status).to.equal(200);
      expect(nothing.body).to.deep.include({ success: true, updated: [], appliedInGame: [] });
      for (const key of ['noSuchSetting', 'chat', 'chat.nothing', '__proto__', 'constructor', 'whitelist.enabled.more']) {
        const refused = await first()('DELETE', `/api/admin/settings/overrides/${encodeURIComponent(key)}`);
        expect(refused.status, key).to.equal(404);
        expect(refused.body, key).to.deep.include({ success: false, code: 'unknown_setting' });
        expect(refused.body.error, key).to.be.a('string');
      }
      expect((await first()('GET', '/api/admin/audit?limit=1')).body.pagination.total, 'nothing audited').to.equal(auditBefore);
      expect((await first()('GET', '/api/admin/settings')).body.settings).to.deep.include({ difficulty: 'easy', maxPlayers: 12 });
    });
  });
}
