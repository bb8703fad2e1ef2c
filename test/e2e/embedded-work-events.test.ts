import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import type { EntityKilledEvent } from '../../src/game/port.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

/**
 * Kills on the embedded server, beyond the contract suite: flying-squid has
 * no death event, so the adapter sees the hit that brings health to 0.
 */
describe('embedded server: kills', function () {
  let directory: string;
  let game: EmbeddedGameServer;
  const bots: Bot[] = [];
  const kills: EntityKilledEvent[] = [];
  before(async function () {
    directory = await temporaryDirectory('gatehouse-kills-');
    game = new EmbeddedGameServer({ host: '127.0.0.1', port: 0, motd: 'x', maxPlayers: 5, viewDistance: 2, dataDirectory: directory, log: () => undefined });
    await game.start();
    game.events.on('entityKilled', (kill) => kills.push(kill));
  });
  afterEach(async function () {
    kills.length = 0;
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

  /** A zombie beside the bot (flying-squid's spawnMob is taught zombies first, as the reference shows). */
  function spawnZombieBeside(bot: Bot) {
    const serv = game.flyingSquid()!;
    const zombie = serv.registry.entitiesByName.zombie!;
    serv.registry.mobs[zombie.id] = zombie;
    const world = serv.players.find((player) => player.username === bot.username)!.world;
    return serv.spawnMob(zombie.id, world, bot.entity.position.offset(1.5, 0, 0));
  }

  it('announces one kill for a burst of hits past death, and takes the body away from clients', async function () {
    const bot = await join('Berserker');
    const mob = spawnZombieBeside(bot);
    const seen = await eventually(() => bot.entities[mob.id], 5000, 'the zombie in sight');
    const gone = new Promise<void>((resolve) =>
      bot.on('entityGone', (entity) => {
        if (entity.id === mob.id) resolve();
      }),
    );
    // 30 hits written at once: the server handles them interleaved, and the last ten land on a dead zombie.
    for (let hit = 0; hit < 30; hit++) bot.attack(seen);
    await eventually(() => (kills.length > 0 ? true : undefined), 5000, 'the kill');
    await gone;
    expect(kills).to.have.length(1);
    expect(kills[0]).to.deep.include({ entity: 'zombie', gameMode: 'survival' });
    expect(kills[0]!.player.name).to.equal('Berserker');
  });

  it('announces a player killed by another as the entity "player"', async function () {
    const attacker = await join('Duelist');
    const loser = await join('Loser');
    // Within reach: players join at random points up to 40 blocks apart, and a hit from beyond 6 blocks does nothing.
    // Without physics the loser is not knocked back out of reach by the hits.
    const { x, y, z } = attacker.entity.position;
    await game.require('teleports').teleportToLocation('Loser', { world: 'world', x: x + 1.5, y, z });
    // flying-squid takes a position sent before the client saw the teleport: wait until the server has it there.
    const beside = (position: { x: number; z: number }) => Math.abs(position.x - (x + 1.5)) < 0.5 && Math.abs(position.z - z) < 0.5;
    await eventually(() => (beside(loser.entity.position) ? true : undefined), 5000, 'Loser beside Duelist');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const loserOnServer = game.flyingSquid()!.players.find((player) => player.username === 'Loser')!;
    await eventually(() => (beside(loserOnServer.position) ? true : undefined), 5000, 'Loser beside Duelist on the server');
    loser.physicsEnabled = false;
    const target = await eventually(() => Object.values(attacker.entities).find((entity) => entity.username === 'Loser'), 5000, 'Loser in sight');
    for (let hit = 0; hit < 40 && kills.length === 0; hit++) {
      attacker.attack(target);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await eventually(() => (kills.length > 0 ? true : undefined), 5000, 'the kill');
    expect(kills).to.have.length(1);
    expect(kills[0]).to.deep.include({ entity: 'player', gameMode: 'survival' });
    expect(kills[0]!.player.name).to.equal('Duelist');
  });
});
