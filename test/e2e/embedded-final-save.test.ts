import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { killStartedProcesses, startGatehouseProcess, type RunningGatehouse } from '../helpers/process.js';

function gamePortOf(running: RunningGatehouse): number {
  return Number(/Embedded Minecraft 1\.21\.4 server .* listening on [^:]+:(\d+)/.exec(running.output())![1]);
}

/**
 * The world is saved every second; what changed in the last second before
 * Ctrl-C must be saved too, or a block a player was paid for breaking is
 * back after the restart, to be paid for again.
 */
describe('embedded server: the last changes before Ctrl-C', function () {
  let workDirectory: string;
  let bot: Bot | undefined;
  beforeEach(async function () {
    workDirectory = await temporaryDirectory('gatehouse-final-save-');
  });
  afterEach(async function () {
    if (bot) await leave(bot);
    bot = undefined;
    await killStartedProcesses();
    await rm(workDirectory, { recursive: true, force: true });
  });

  const ways: Array<[string, (running: RunningGatehouse) => void]> = [
    ['Ctrl-C', (running) => running.child.kill('SIGINT')],
    ["the console's stop", (running) => running.child.stdin!.write('stop\n')],
  ];
  for (const [way, stop] of ways) {
    it(`keeps a block broken just before ${way} broken after the restart`, async function () {
      this.timeout(90_000);
      const dataDirectory = path.join(workDirectory, 'data');
      const first = await startGatehouseProcess(dataDirectory);
      bot = await joinBot(gamePortOf(first), 'Digger');
      const target = await breakBlockBeside(bot);
      stop(first);
      const exit = await first.exited;
      expect(exit.code, first.output()).to.equal(0);
      bot = undefined;

      const second = await startGatehouseProcess(dataDirectory);
      bot = await joinBot(gamePortOf(second), 'Digger');
      const after = await eventually(() => bot!.blockAt(target)?.name, 10_000, 'the chunk of the block');
      expect(after, `the block at ${target} after the restart`).to.equal('air');
    });
  }

  it('keeps a block broken just before a restart of the game server broken after it', async function () {
    this.timeout(60_000);
    const game = new EmbeddedGameServer({ host: '127.0.0.1', port: 0, motd: 'x', maxPlayers: 5, viewDistance: 2, dataDirectory: workDirectory, log: () => undefined });
    await game.start();
    try {
      const digger = await joinBot(game.port, 'Restarter');
      const target = await breakBlockBeside(digger);
      const gone = new Promise((resolve) => digger.once('end', resolve));
      await game.require('control').restart('Restarting');
      await gone;
      bot = await joinBot(game.port, 'Restarter');
      const after = await eventually(() => bot!.blockAt(target)?.name, 10_000, 'the chunk of the block');
      expect(after, `the block at ${target} after the restart`).to.equal('air');
    } finally {
      if (bot) await leave(bot);
      bot = undefined;
      await game.stop();
    }
  });
});

/** Digs the block beside the bot's feet and answers where it was, once the server says it is gone. */
async function breakBlockBeside(digger: Bot) {
  const target = digger.entity.position.floored().offset(1, -1, 0);
  const block = await eventually(
    () => {
      const found = digger.blockAt(target);
      return found && found.name !== 'air' ? found : undefined;
    },
    10_000,
    'the block beside the bot',
  );
  await digger.dig(block, 'ignore');
  expect(digger.blockAt(target)?.name).to.equal('air');
  return target;
}
