import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { eventually, joinBot, leave, nextChat } from '../helpers/bots.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

/**
 * flying-squid has bugs a player can reach. These tests plant a failure where
 * such a bug would be (a packet handler, a command) and check that it costs
 * at most that player's connection, never the process.
 */
describe('embedded server: a failure a player triggers stays with that player', function () {
  let directory: string;
  let game: EmbeddedGameServer;
  const logged: string[] = [];
  before(async function () {
    directory = await temporaryDirectory('gatehouse-robust-');
    game = new EmbeddedGameServer({ host: '127.0.0.1', port: 0, motd: 'x', maxPlayers: 5, viewDistance: 2, dataDirectory: directory, log: (message) => logged.push(message) });
    await game.start();
  });
  after(async function () {
    await game.stop();
    await rm(directory, { recursive: true, force: true });
  });
  const squid = () => game.flyingSquid()!;

  it('disconnects a client whose packet makes a handler throw, and keeps serving others', async function () {
    const bot = await joinBot(game.port, 'Swinger');
    const serverSide = squid().players.find((player) => player.username === 'Swinger')!;
    serverSide._client.on('arm_animation', () => {
      throw new Error('planted handler failure');
    });
    const ended = new Promise((resolve) => bot.once('end', resolve));
    bot.swingArm('right');
    await ended;
    expect(logged.join('\n')).to.match(/handling "arm_animation" from Swinger failed.*planted handler failure/s);
    await eventually(async () => ((await game.onlinePlayers()).length === 0 ? true : undefined), 5000, 'Swinger to be gone');
    const next = await joinBot(game.port, 'Bystander');
    await leave(next);
  });

  it('answers a command that throws with an error message instead of crashing', async function () {
    squid().commands.add({
      base: 'explode',
      info: 'test only',
      usage: '/explode',
      action: () => {
        throw new Error('planted command failure');
      },
    });
    const bot = await joinBot(game.port, 'Commander');
    const reply = nextChat(bot, /That command failed/);
    bot.chat('/explode');
    await reply;
    expect(logged.join('\n')).to.match(/command "\/explode" of Commander failed/);
    expect(game.isConnected()).to.equal(true);
    await leave(bot);
  });
});
