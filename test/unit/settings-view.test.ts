/**
 * The live settings are read through one view: a frozen object that every
 * reader shares, replaced whole by a change, so a read copies nothing and
 * what a caller holds never changes under it.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { loadConfig } from '../../src/config/config.js';
import { SettingsService } from '../../src/features/settings/service.js';
import { settingsPart } from '../../src/features/settings/store.js';
import { SingleServer } from '../../src/network/single-server.js';
import { JsonStore } from '../../src/store/json/index.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { implementationsOf } from '../helpers/store-implementations.js';

describe('the live settings, read through one view', function () {
  let directory: string;
  let store: JsonStore;
  let settings: SettingsService;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-settings-view-');
    store = await JsonStore.open(directory, { parts: implementationsOf(settingsPart) });
    const config = await loadConfig({ GATEHOUSE_DATA: directory, GATEHOUSE_BACKUPS_DIRECTORY: `${directory}-backups` }, directory);
    settings = await SettingsService.open(
      config.settings,
      store,
      () => undefined,
      () => undefined,
      new SingleServer('main'),
    );
  });
  afterEach(async function () {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('answers the same frozen object to every read, with nothing in it that a reader can change', function () {
    const read = settings.read();
    expect(settings.read()).to.equal(read);
    expect(Object.isFrozen(read) && Object.isFrozen(read.chat) && Object.isFrozen(read.economy)).to.equal(true);
    expect(() => {
      (read.chat as { enabled: boolean }).enabled = !read.chat.enabled;
    }).to.throw(TypeError);
    expect(Object.isFrozen(settings.defaultValues().whitelist)).to.equal(true);
  });

  it('replaces the view whole on a change: what a caller held is as it was', async function () {
    const before = settings.read();
    const maxPlayers = before.maxPlayers;
    await settings.update({ maxPlayers: maxPlayers + 1, chat: { enabled: true } });
    expect(before.maxPlayers).to.equal(maxPlayers);
    expect(settings.read()).to.not.equal(before);
    expect(settings.read()).to.deep.include({ maxPlayers: maxPlayers + 1 });
    expect(settings.read().chat.enabled).to.equal(true);
    expect(Object.isFrozen(settings.read().chat)).to.equal(true);
  });
});
