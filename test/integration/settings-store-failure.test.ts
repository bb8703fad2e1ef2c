/**
 * One server on the JSON store, whose journal cannot be written at the very
 * unit of work that records a settings change (the disk full: the segment
 * it goes to is /dev/full): the change is refused with 503, and neither the
 * live settings nor the game (its server-list ping) take it.
 */
import { readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import mc from 'minecraft-protocol';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import type { JsonStore } from '../../src/store/json/index.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'settings-store-failure-token-0123456789abcdef';

describe('a settings change the JSON store cannot record', function () {
  let server: TestGatehouse | undefined;
  afterEach(async function () {
    await server?.stop();
    server = undefined;
  });

  it('is refused with 503 and reaches neither the live settings nor the game', async function () {
    this.timeout(60_000);
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.settings.maxPlayers = 20;
    });
    const admin = (method: string, urlPath: string, body?: unknown) => api(server!.baseUrl, method, urlPath, { token: serviceToken, body });
    const maxPlayers = async () => ({
      live: (await admin('GET', '/api/admin/settings')).body.settings.maxPlayers as number,
      game: ((await mc.ping({ host: '127.0.0.1', port: (server!.gatehouse.game as EmbeddedGameServer).port, version: '1.21.4' })) as { players: { max: number } }).players.max,
    });

    expect((await admin('POST', '/api/admin/settings', { maxPlayers: 15 })).status).to.equal(200);
    expect(await maxPlayers()).to.deep.equal({ live: 15, game: 15 });

    // The next segment the journal starts at a checkpoint is /dev/full: the first unit written there fails (ENOSPC).
    const journal = path.join(server.dataDirectory, 'journal');
    const segments = (await readdir(journal)).filter((name) => /^\d{8}\.jsonl$/.test(name)).sort();
    const next = String(Number(segments.at(-1)!.slice(0, 8)) + 1).padStart(8, '0');
    await symlink('/dev/full', path.join(journal, `${next}.jsonl`));
    await (server.gatehouse.store as JsonStore).checkpoint();

    const refused = await admin('POST', '/api/admin/settings', { maxPlayers: 7 });
    expect([refused.status, refused.body.code], JSON.stringify(refused.body)).to.deep.equal([503, 'storage_failed']);
    expect(await maxPlayers(), 'neither in memory nor in game').to.deep.equal({ live: 15, game: 15 });
  });
});
