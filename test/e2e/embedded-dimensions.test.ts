import { once } from 'node:events';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { useGameSession } from '../helpers/game-session.js';

const serviceToken = 'dimensions-token-for-tests-0123456789abcdef';

/**
 * Each world is announced to the client with its own dimension type (which
 * sets its sky, light and height): the overworld's, the nether's, the End's,
 * at login and at every switch of world. mineflayer reports the type as
 * `bot.game.dimension`.
 */
describe('embedded server: each world is shown to the client as its own dimension', function () {
  const session = useGameSession(serviceToken);

  /** Teleports the bot over the API and resolves once its client switched to the world's dimension type (or times out). */
  async function teleport(bot: Bot, world: string, at: { x: number; y: number; z: number }): Promise<void> {
    const switched = world === worldOf(bot) ? Promise.resolve() : once(bot, 'respawn');
    const answer = await session.admin('POST', '/api/admin/teleport-coordinates', { player: bot.username, world, ...at });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    await Promise.race([switched, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }

  /** The client's idea of the world's height (mineflayer reads it from the dimension type; its types leave it out). */
  function heightOf(bot: Bot): [number, number] {
    const game = bot.game as unknown as { minY: number; height: number };
    return [game.minY, game.height];
  }

  /** The world the server keeps the player in. */
  function worldOf(bot: Bot): string {
    return bot.game.dimension === 'the_nether' ? 'world_nether' : bot.game.dimension === 'the_end' ? 'world_the_end' : 'world';
  }

  /** Resolves once the bot stands on ground (it fell through the world if it never does). */
  function landed(bot: Bot, what: string) {
    return eventually(() => (bot.entity.onGround && bot.entity.position.y > 0 ? bot.entity.position.clone() : undefined), 10_000, what);
  }

  it('tells the client the nether and the End by their dimension types on a teleport, and the overworld again on the way back; the client lands on their ground', async function () {
    const bot = await session.join('Traveller');
    expect(bot.game.dimension).to.equal('overworld');
    await teleport(bot, 'world_nether', { x: 10.5, y: 70, z: 10.5 });
    expect(bot.game.dimension).to.equal('the_nether');
    expect(heightOf(bot)).to.deep.equal([0, 256]);
    const inNether = await landed(bot, 'the bot on the nether ground');
    expect(inNether.y).to.equal(50);
    await teleport(bot, 'world_the_end', { x: 0.5, y: 20, z: 0.5 });
    expect(bot.game.dimension).to.equal('the_end');
    expect((await landed(bot, 'the bot on the End ground')).y).to.equal(5);
    await teleport(bot, 'world', { x: 0.5, y: 20, z: 0.5 });
    expect(bot.game.dimension).to.equal('overworld');
    expect(heightOf(bot)).to.deep.equal([-64, 384]);
    await landed(bot, 'the bot on the overworld ground');
  });

  for (const [world, dimension, ground] of [
    ['world_nether', 'the_nether', 50],
    ['world_the_end', 'the_end', 5],
  ] as const) {
    it(`logs a player who left in ${world} back in there, as ${dimension}`, async function () {
      const name = `Back${dimension.replace('the_', '')}`;
      const bot = await joinBot(session.gamePort, name);
      await teleport(bot, world, { x: 20.5, y: 60, z: -7.5 });
      await landed(bot, `${name} on the ground of ${world}`);
      await leave(bot);
      const again = await session.join(name);
      expect(again.game.dimension).to.equal(dimension);
      const position = await landed(again, `${name} back on the ground of ${world}`);
      expect([position.x, position.y, position.z]).to.deep.equal([20.5, ground, -7.5]);
      const listed = (await session.admin('GET', '/api/players')).body.players.find((player: { name: string }) => player.name === name);
      expect(listed.world).to.equal(world);
    });
  }
});
