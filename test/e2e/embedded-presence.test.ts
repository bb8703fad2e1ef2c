import { once } from 'node:events';
import { expect } from 'chai';
import mineflayer from 'mineflayer';
import mc from 'minecraft-protocol';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import type { SquidPlayer } from '../../src/game/embedded/flying-squid.js';
import { joinBot, leave } from '../helpers/bots.js';
import { useGameSession } from '../helpers/game-session.js';

const serviceToken = 'presence-token-for-tests-0123456789abcdef';

/** How many light clients quit at once in the test under load. */
const lightClients = 60;

/**
 * A player is online exactly while their connection is. flying-squid goes on
 * with a login whose client has already gone (it was sending the first
 * chunks), and reports the disconnect before the join: a client that quits
 * the moment it enters the game must not be left listed, messaged, teleported
 * or counted.
 */
describe('embedded server: a client that quits the moment it enters the game is not online', function () {
  const session = useGameSession(serviceToken);
  const game = () => session.server.gatehouse.game as EmbeddedGameServer;

  /**
   * Resolves once flying-squid is done with the login of each of `count` sessions of names starting with
   * `prefix`: the point where a ghost would have been announced (its `spawned` comes after `connected`).
   */
  function loginsDone(prefix: string, count: number, timeoutMs = 60_000): Promise<void> {
    const done: Array<Promise<unknown>> = [];
    let created = 0;
    let resolveAll: () => void;
    const all = new Promise<void>((resolve) => {
      resolveAll = resolve;
    });
    const onPlayer = (player: SquidPlayer) => {
      if (!player._client.username.startsWith(prefix)) return;
      done.push(once(player, 'spawned'));
      created += 1;
      if (created === count) {
        game().flyingSquid()!.off('newPlayer', onPlayer);
        void Promise.all(done).then(() => resolveAll());
      }
    };
    game().flyingSquid()!.on('newPlayer', onPlayer);
    const timeout = new Promise<void>((_, reject) =>
      setTimeout(() => reject(new Error(`only ${created} of ${count} logins of ${prefix}* done within ${timeoutMs} ms`)), timeoutMs).unref(),
    );
    return Promise.race([all, timeout]);
  }

  /** What the API says of a player who is not online: not listed or counted, and a message or a teleport to them is a 404. */
  async function expectNotOnline(name: string) {
    const players = await session.admin('GET', '/api/players');
    expect(players.body.players.map((player: { name: string }) => player.name)).to.not.include(name);
    const message = await session.admin('POST', '/api/admin/messages/send', { username: name, message: 'are you there?' });
    expect(message.status, `a message to ${name}`).to.equal(404);
    expect(message.body.code).to.equal('player_not_online');
    const teleport = await session.admin('POST', '/api/admin/teleport-coordinates', { player: name, world: 'world', x: 0, y: 10, z: 0 });
    expect(teleport.status, `a teleport of ${name}`).to.equal(404);
    expect(teleport.body.code).to.equal('player_not_online');
  }

  async function onlineCount(): Promise<number> {
    return (await session.admin('GET', '/api/server/info')).body.players.online;
  }

  it('leaves no ghost of a mineflayer bot that quits on its login packet, five times over, and lists it once when it comes back', async function () {
    for (let attempt = 0; attempt < 5; attempt++) {
      const done = loginsDone('Flicker', 1);
      const bot = mineflayer.createBot({ host: '127.0.0.1', port: session.gamePort, username: 'Flicker', version: '1.21.4', auth: 'offline', hideErrors: true });
      bot.once('login', () => bot.quit());
      await once(bot, 'end');
      await done;
      await expectNotOnline('Flicker');
      expect(await onlineCount(), `players online after attempt ${attempt + 1}`).to.equal(0);
    }
    // Back for real: listed once (the console's player list reads GET /api/players), then gone when it leaves.
    const bot = await joinBot(session.gamePort, 'Flicker');
    const names = (await session.admin('GET', '/api/players')).body.players.map((player: { name: string }) => player.name);
    expect(names).to.deep.equal(['Flicker']);
    expect(await onlineCount()).to.equal(1);
    expect((await session.admin('POST', '/api/admin/messages/send', { username: 'Flicker', message: 'welcome back' })).status).to.equal(200);
    await leave(bot);
    const left = await session.admin('GET', '/api/players');
    expect(left.body.count).to.equal(0);
  });

  it(`leaves no ghost of ${lightClients} light clients that quit at once as they enter`, async function () {
    this.timeout(120_000);
    const done = loginsDone('Light', lightClients);
    await Promise.all(
      Array.from({ length: lightClients }, async (_, index) => {
        const client = mc.createClient({ host: '127.0.0.1', port: session.gamePort, username: `Light${index}`, version: '1.21.4', auth: 'offline', hideErrors: true });
        client.on('error', () => undefined);
        client.once('login', () => client.end('leaving at once'));
        await once(client, 'end');
      }),
    );
    await done;
    const players = await session.admin('GET', '/api/players');
    expect(players.body.players.map((player: { name: string }) => player.name).filter((name: string) => name.startsWith('Light'))).to.deep.equal([]);
    expect(await onlineCount()).to.equal(0);
    for (const index of [0, Math.floor(lightClients / 2), lightClients - 1]) await expectNotOnline(`Light${index}`);
    expect(
      game()
        .flyingSquid()!
        .players.map((player) => player.username),
    ).to.deep.equal([]);
  });
});
