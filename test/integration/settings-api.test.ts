/**
 * Settings changed through the API against config.yml across restarts on one
 * data directory: the start-up line naming the keys the API overrides, and a
 * null returning a key to the file's value.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { settingsPart } from '../../src/features/settings/store.js';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'settings-test-service-token-0123456789abcdef';
const overrideLine = /settings changed through the API override config\.yml/;

describe('settings changed through the API, config.yml and restarts', function () {
  let dataDirectory: string;
  let server: TestGatehouse | undefined;
  let infos: string[] = [];

  beforeEach(async function () {
    dataDirectory = await temporaryDirectory('gatehouse-settings-');
  });
  afterEach(async function () {
    await server?.stop();
    server = undefined;
    await rm(dataDirectory, { recursive: true, force: true });
  });

  /** (Re)starts Gatehouse on the same data directory, reading the given config.yml (the test Gatehouse reads it there). */
  async function restart(configYaml: string): Promise<TestGatehouse> {
    await server?.stop();
    await writeFile(path.join(dataDirectory, 'config.yml'), configYaml);
    infos = [];
    server = await startTestGatehouse((config) => (config.token = serviceToken), { dataDirectory, onInfo: (line) => infos.push(line) });
    return server;
  }
  const asService = (method: string, urlPath: string, body?: unknown) => api(server!.baseUrl, method, urlPath, { token: serviceToken, body });
  const motdInGame = () => (server!.gatehouse.game as EmbeddedGameServer).flyingSquid()!._server.motd;

  it("names at start the keys the API overrides, and takes null to return a key to config.yml's value", async function () {
    await restart('server:\n  name: "&aFirst name"\n');
    expect(
      infos.filter((line) => overrideLine.test(line)),
      'nothing overridden yet',
    ).to.deep.equal([]);
    const changed = await asService('POST', '/api/admin/settings', { serverName: '&bSet through the API', maxPlayers: 7 });
    expect(changed.status).to.equal(200);

    // The owner edits config.yml and restarts: the API's value still wins, and the log says so.
    await restart('server:\n  name: "&cEdited in the file"\n');
    expect(infos.filter((line) => overrideLine.test(line))).to.have.length(1);
    expect(infos.find((line) => overrideLine.test(line))).to.match(/override config\.yml for: serverName, maxPlayers\b/);
    expect((await asService('GET', '/api/admin/settings')).body.settings).to.deep.include({ serverName: '&bSet through the API', maxPlayers: 7 });

    const reset = await asService('POST', '/api/admin/settings', { serverName: null });
    expect(reset.status, JSON.stringify(reset.body)).to.equal(200);
    expect(reset.body.updated).to.deep.equal(['serverName']);
    expect(reset.body.appliedInGame).to.deep.equal(['serverName']);
    expect((await asService('GET', '/api/admin/settings')).body.settings).to.deep.include({ serverName: '&cEdited in the file', maxPlayers: 7 });
    expect(motdInGame()).to.equal('§cEdited in the file');
    const [audit] = (await asService('GET', '/api/admin/audit?limit=1')).body.entries;
    expect(audit).to.deep.include({ action: 'settings.update' });
    expect(audit.details).to.deep.equal({ change: { serverName: null }, before: { serverName: '&bSet through the API' } });
    expect(await server!.gatehouse.store.part(settingsPart).load(), 'the stored overrides').to.deep.equal({ maxPlayers: 7 });

    // A nested key too; with nothing left overridden the start is quiet again.
    await asService('POST', '/api/admin/settings', { chat: { enabled: false } });
    expect((await asService('POST', '/api/admin/settings', { maxPlayers: null, chat: { enabled: null } })).body.updated).to.deep.equal(['maxPlayers', 'chat.enabled']);
    await restart('server:\n  name: "&dEdited again"\n  max-players: 30\nchat:\n  enabled: true\n');
    expect(infos.filter((line) => overrideLine.test(line))).to.deep.equal([]);
    expect((await asService('GET', '/api/admin/settings')).body.settings).to.deep.include({ serverName: '&dEdited again', maxPlayers: 30 });
    expect((await asService('GET', '/api/admin/settings')).body.settings.chat.enabled).to.equal(true);
    expect(motdInGame()).to.equal('§dEdited again');
  });

  it('refuses null where a value is an object of settings, changing nothing', async function () {
    await restart('');
    const before = (await asService('GET', '/api/admin/settings')).body.settings;
    const refused = await asService('POST', '/api/admin/settings', { chat: null, maxPlayers: 9 });
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.match(/chat must be an object/);
    expect((await asService('GET', '/api/admin/settings')).body.settings).to.deep.equal(before);
  });
});
