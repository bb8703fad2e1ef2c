import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { squidRequire } from '../../src/game/embedded/flying-squid.js';
import type { EntityKilledEvent } from '../../src/game/port.js';
import { eventually, joinBot, leave, nextChat } from '../helpers/bots.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

/**
 * What a modified client can do with a hit, on an offline-mode server where
 * anyone can join: flying-squid has no reach check, and the knockback of a
 * hit from 16 blocks or more does not fit entity_velocity's 16-bit fields.
 * That send failing must not leave the players near the target connected
 * but sent nothing more.
 */
describe('embedded server: hits and packets that cannot be written', function () {
  let directory: string;
  let game: EmbeddedGameServer;
  const logged: string[] = [];
  const bots: Bot[] = [];
  before(async function () {
    directory = await temporaryDirectory('gatehouse-reach-');
    game = new EmbeddedGameServer({ host: '127.0.0.1', port: 0, motd: 'x', maxPlayers: 5, viewDistance: 2, dataDirectory: directory, log: (message) => logged.push(message) });
    await game.start();
  });
  afterEach(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
  });
  after(async function () {
    await game.stop();
    await rm(directory, { recursive: true, force: true });
  });
  const join = async (name: string) => {
    const bot = await joinBot(game.port, name);
    bots.push(bot);
    return bot;
  };
  const serverSide = (name: string) => game.flyingSquid()!.players.find((player) => player.username === name)!;
  /** Puts the players on one line along x, `x` blocks from the first. */
  const lineUp = async (places: Record<string, number>) => {
    const y = serverSide(Object.keys(places)[0]!).position.y;
    for (const [name, x] of Object.entries(places)) await game.require('teleports').teleportToLocation(name, { world: 'world', x: 40.5 + x, y, z: 40.5 });
    // flying-squid takes a position the client sent before it saw the teleport: the players are lined up once each
    // client is there and the server has them there after those could have arrived.
    const inLine = (position: { x: number; z: number }, x: number) => Math.abs(position.x - (40.5 + x)) < 0.5 && Math.abs(position.z - 40.5) < 0.5;
    const named = (name: string) => bots.find((bot) => bot.username === name)!;
    await eventually(() => (Object.entries(places).every(([name, x]) => inLine(named(name).entity.position, x)) ? true : undefined), 5000, 'the clients in line');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await eventually(() => (Object.entries(places).every(([name, x]) => inLine(serverSide(name).position, x)) ? true : undefined), 5000, 'the players in line on the server');
  };
  const attack = (attacker: Bot, victimName: string) => attacker._client.write('use_entity', { target: serverSide(victimName).id, mouse: 1, sneaking: false });

  it('ignores a hit from 20 blocks away, and the players near the target keep being sent everything', async function () {
    const attacker = await join('FarHitter');
    const victim = await join('Target');
    const bystander = await join('Bystander');
    await lineUp({ Target: 0, Bystander: 2, FarHitter: 20 });
    const kills: EntityKilledEvent[] = [];
    game.events.on('entityKilled', (kill) => kills.push(kill));
    // Twenty of them: enough to kill, were they counted (and paid to a hunter).
    for (let hit = 0; hit < 20; hit++) attack(attacker, 'Target');
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const after = nextChat(bystander, /after the far hits/, 5000).then(
      () => 'received',
      () => 'nothing received',
    );
    await game.require('messaging').broadcast('after the far hits');
    expect(await after, 'the bystander is sent a message after the hits').to.equal('received');
    expect(serverSide('Target').health, "the target's health").to.equal(20);
    expect(victim.health).to.equal(20);
    expect(kills).to.deep.equal([]);
  });

  it('counts a hit from within reach', async function () {
    const attacker = await join('NearHitter');
    await join('NearTarget');
    await lineUp({ NearTarget: 0, NearHitter: 3 });
    attack(attacker, 'NearTarget');
    await eventually(() => (serverSide('NearTarget').health < 20 ? true : undefined), 5000, 'the hit to be counted');
  });

  it("sends knockback too fast for entity_velocity at vanilla's most, 3.9 blocks a tick", async function () {
    const bot = await join('Launched');
    const received: Array<{ x: number; y: number; z: number }> = [];
    bot._client.on('entity_velocity', (packet: { entityId: number; velocity: { x: number; y: number; z: number } }) => {
      if (packet.entityId === bot.entity.id) received.push(packet.velocity);
    });
    // flying-squid's own sending, as a hit from 100 blocks would ask for: 200 blocks a second, 10 a tick.
    const launched = serverSide('Launched') as unknown as { sendVelocity(velocity: unknown, max: unknown): void };
    const { Vec3 } = squidRequire<{ Vec3: new (x: number, y: number, z: number) => unknown }>('vec3');
    launched.sendVelocity(new Vec3(200, -200, 0), new Vec3(4, 4, 4));
    await eventually(() => (received.length > 0 ? true : undefined), 5000, 'the velocity');
    expect(received[0]).to.deep.equal({ x: 31200, y: -31200, z: 0 });
  });

  it('drops a packet that cannot be written, logs it once, and keeps sending that client everything else', async function () {
    const bot = await join('Receiver');
    const client = serverSide('Receiver')._client;
    // A head rotation past its signed byte, twice: a packet flying-squid could get wrong.
    client.write('entity_head_rotation', { entityId: serverSide('Receiver').id, headYaw: 1000 });
    client.write('entity_head_rotation', { entityId: serverSide('Receiver').id, headYaw: 1000 });
    const after = nextChat(bot, /after the bad packet/, 5000).then(
      () => 'received',
      () => 'nothing received',
    );
    await game.require('messaging').sendMessage('Receiver', 'after the bad packet');
    expect(await after).to.equal('received');
    expect(logged.filter((line) => /entity_head_rotation/.test(line))).to.have.length(1);
  });
});
