import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { GameTexts } from '../../src/texts/catalogue.js';
import { CapabilityMissingError } from '../../src/game/errors.js';
import { apiErrorOfGameError } from '../../src/http/error-statuses.js';
import { RestartService, restartOf } from '../../src/features/restarts/service.js';
import { restartsPart } from '../../src/features/restarts/store.js';
import { JsonStore } from '../../src/store/json/index.js';
import { eventually } from '../helpers/bots.js';
import { FakeGame } from '../helpers/fake-game.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { implementationsOf } from '../helpers/store-implementations.js';

describe('RestartService', function () {
  let directory: string;
  let store: JsonStore;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-restarts-');
    store = await JsonStore.open(directory, { parts: implementationsOf(restartsPart) });
  });
  afterEach(async function () {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps the stored restart and the countdown in agreement under concurrent requests', async function () {
    const game = new FakeGame();
    game.capabilities.control = { applySettings: async () => [], restart: async () => undefined };
    const restarts = new RestartService(restartOf(store.part(restartsPart), 'main'), game, GameTexts.defaults());
    const actor = { name: 'admin', ipAddress: '127.0.0.1' };
    try {
      const results = await Promise.all([
        restarts.schedule(actor, 1000, 'first'),
        restarts.cancel(),
        restarts.schedule(actor, 2000, 'second'),
        restarts.schedule(actor, 3000, 'third'),
      ]);
      expect(results[1]!.reason, 'the cancel took the first').to.equal('first');
      expect(restarts.current()!.reason).to.equal('third');
      expect((await store.part(restartsPart).load('main'))!.reason).to.equal('third');
    } finally {
      restarts.stop();
    }
  });

  it('tells the players in game when a restart is scheduled, with its time and reason, and again when one replaces it', async function () {
    const game = new FakeGame();
    const said: string[] = [];
    game.capabilities.control = { applySettings: async () => [], restart: async () => undefined };
    game.capabilities.messaging = { sendMessage: async () => undefined, broadcast: async (text) => void said.push(text) };
    const restarts = new RestartService(restartOf(store.part(restartsPart), 'main'), game, GameTexts.defaults());
    const actor = { name: 'admin', ipAddress: '127.0.0.1' };
    try {
      await restarts.schedule(actor, 600, 'New plugins');
      expect(said).to.deep.equal(['§eThe server will restart in 10m: New plugins']);
      await restarts.schedule(actor, 5400, '');
      expect(said.at(-1)).to.equal('§eThe server will restart in 1h 30m.');
      // At a warning's second the scheduling says it once, not the warning as well.
      await restarts.schedule(actor, 60, '');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(said.slice(2)).to.deep.equal(['§eThe server will restart in 1m.']);
      await restarts.schedule(actor, 95, 'Soon');
      expect(said.at(-1)).to.equal('§eThe server will restart in 1m 35s: Soon');
    } finally {
      restarts.stop();
    }
  });

  it('finishes the steps asked for before a restart (a backup) first, and restarts even when one fails', async function () {
    const game = new FakeGame();
    const happened: string[] = [];
    game.capabilities.control = { applySettings: async () => [], restart: async (reason) => void happened.push(`restart: ${reason}`) };
    const restarts = new RestartService(restartOf(store.part(restartsPart), 'main'), game, GameTexts.defaults());
    restarts.beforeRestart(async (pending) => {
      happened.push(`backup for ${pending.requestedBy}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      happened.push('backup done');
    });
    restarts.beforeRestart(async () => {
      throw new Error('the disk is full');
    });
    try {
      await restarts.schedule({ name: 'admin', ipAddress: '127.0.0.1' }, 0, 'Backed up first');
      await eventually(() => (happened.length === 3 ? true : undefined), 5000, 'the restart');
      expect(happened).to.deep.equal(['backup for admin', 'backup done', 'restart: Backed up first']);
    } finally {
      restarts.stop();
    }
  });

  it('answers 501 when the game adapter cannot restart', async function () {
    const game = new FakeGame();
    const restarts = new RestartService(restartOf(store.part(restartsPart), 'main'), game, GameTexts.defaults());
    const error = await restarts.schedule({ name: 'a', ipAddress: 'x' }, 10, '').catch((caught) => caught);
    expect(error).to.be.instanceOf(CapabilityMissingError);
    expect(apiErrorOfGameError(error)).to.include({ status: 501 });
  });
});
