import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import type { SquidPlayer } from '../../src/game/embedded/flying-squid.js';
import { eventually, joinStillBot, leave, movementPackets, nextChat } from '../helpers/bots.js';
import { useGameSession } from '../helpers/game-session.js';

const serviceToken = 'teleport-after-login-token-for-tests-0123456789abcdef';

/**
 * flying-squid's login waited for a client's first "look" or "flying"
 * packet before its last steps, then put the player back at their login
 * position. A player who had not moved or turned since joining was therefore
 * sent back there by their first turn after a teleport, and got no chunks at
 * the destination meanwhile. These bots stand still from their creation on.
 */
describe('embedded server: a teleport right after joining, before the player moved or turned', function () {
  const session = useGameSession(serviceToken);
  const { admin } = session;
  const bots: Bot[] = [];
  afterEach(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
  });
  const game = () => session.server.gatehouse.game as EmbeddedGameServer;

  /** Names of the packets the server receives from the named player, from their login on. */
  function packetsFrom(name: string): string[] {
    const names: string[] = [];
    game()
      .flyingSquid()!
      .on('newPlayer', (player: SquidPlayer) => {
        if (player._client.username !== name) return;
        player._client.on('packet', (_data: unknown, meta: { name: string }) => names.push(meta.name));
      });
    return names;
  }

  async function joinStill(name: string) {
    const received = packetsFrom(name);
    const still = await joinStillBot(session.gamePort, name);
    bots.push(still.bot);
    // mineflayer sends a position every second: past one, a bot not held back would have sent one.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(
      received.filter((packet) => movementPackets.has(packet)),
      `movement packets the server got from ${name}`,
    ).to.deep.equal([]);
    return { ...still, received };
  }

  it('keeps them where they were teleported when they first turn their head', async function () {
    const { bot, release, received } = await joinStill('Statue');
    const positions: Array<{ x: number; y: number; z: number }> = [];
    (bot._client as unknown as NodeJS.EventEmitter).on('position', ({ x, y, z }: { x: number; y: number; z: number }) => positions.push({ x, y, z }));

    // From the teleport on it answers the server's positions, as every client does, and turns only when told.
    release();
    const response = await admin('POST', '/api/admin/teleport-coordinates', { player: 'Statue', world: 'world', x: 200.5, y: 5, z: -150.5 });
    expect(response.status).to.equal(200);
    expect(response.body.location).to.deep.include({ world: 'world', x: 200.5, y: 5, z: -150.5 });
    await eventually(() => (bot.entity.position.x === 200.5 && bot.entity.position.z === -150.5 ? true : undefined), 5000, 'the client at the destination');

    bot._client.write('look', { yaw: 90, pitch: 10, flags: { onGround: true, hasHorizontalCollision: false } });
    await eventually(() => (received.includes('look') ? true : undefined), 5000, 'the server to get the turn');
    // The player's own chat comes back after anything the server sent in answer to the turn.
    const echoed = nextChat(bot, /after the turn/);
    bot.chat('after the turn');
    await echoed;

    expect(positions, 'positions the server sent the client since the teleport').to.not.be.empty;
    expect(positions.filter((position) => position.x !== 200.5 || position.z !== -150.5)).to.deep.equal([]);
    expect(bot.entity.position).to.deep.include({ x: 200.5, z: -150.5 });
    const [online] = await game().onlinePlayers();
    expect(online!.location).to.deep.include({ world: 'world', x: 200.5, z: -150.5 });
  });

  it('sends them the chunks around the destination', async function () {
    const { bot, release } = await joinStill('Sculpture');
    release();
    const response = await admin('POST', '/api/admin/teleport-coordinates', { player: 'Sculpture', world: 'world', x: -300.5, y: 5, z: 250.5 });
    expect(response.status).to.equal(200);
    await eventually(() => bot.blockAt(bot.entity.position.offset(0, -1, 0))?.name, 10000, 'the ground under the destination');
    expect(bot.entity.position).to.deep.include({ x: -300.5, z: 250.5 });
  });
});
