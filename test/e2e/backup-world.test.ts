/**
 * The embedded server's world in a backup: a bot digs a block, a backup is
 * taken while it plays (the world's saving paused and flushed around the
 * copy), and Gatehouse started on the restored directory has the block dug.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { squidRequire } from '../../src/game/embedded/flying-squid.js';
import { restoreArchive } from '../../src/features/backups/restore.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { startTestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';

type Position = { x: number; y: number; z: number };
const Vec3 = squidRequire<{ Vec3: new (x: number, y: number, z: number) => Position }>('vec3').Vec3;
const blockAt = (game: EmbeddedGameServer, { x, y, z }: Position) => {
  const world = game.flyingSquid()!.overworld as unknown as { getBlock: (position: Position) => Promise<{ name: string }> };
  return world.getBlock(new Vec3(x, y, z));
};

describe('the embedded world in a backup', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-backup-world-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  it('holds a block a player dug just before the backup, and the restored server has it dug', async function () {
    this.timeout(120_000);
    const dataDirectory = path.join(directory, 'data');
    const server = await startTestGatehouse((config) => void (config.backups.directory = path.join(directory, 'backups')), { dataDirectory });
    let bot: Bot | undefined;
    let dug: { x: number; y: number; z: number };
    let archive: string;
    try {
      const game = server.gatehouse.game as EmbeddedGameServer;
      bot = await joinBot(game.port, 'Digger');
      await eventually(() => (bot!.entity.onGround ? true : undefined), 10_000, 'the bot on the ground');
      const ground = [
        [2, 0],
        [-2, 0],
        [0, 2],
        [0, -2],
      ]
        .map(([dx, dz]) => bot!.blockAt(bot!.entity.position.offset(dx!, -1, dz!)))
        .find((block) => block && block.name !== 'air' && block.name !== 'bedrock')!;
      expect(ground, 'a block to dig').to.not.equal(undefined);
      dug = { x: ground.position.x, y: ground.position.y, z: ground.position.z };
      await bot.dig(ground, true);
      await eventually(async () => ((await blockAt(game, dug)).name === 'air' ? true : undefined), 10_000, 'the block dug on the server');
      // Taken at once, the chunk changed and not yet saved by the timer: the pause's flush writes it.
      const taken = await server.gatehouse.services.get('backups').take('manual', 'test');
      archive = taken.file;
      expect(taken.manifest.worlds.map((world) => world.name)).to.deep.equal(['world']);
    } finally {
      if (bot) await leave(bot);
      await server.gatehouse.stop();
    }
    const restoredDirectory = path.join(directory, 'restored');
    await restoreArchive({ archive: archive!, dataDirectory: restoredDirectory, worlds: false });
    const restored = await startTestGatehouse(() => undefined, { dataDirectory: restoredDirectory });
    try {
      const block = await blockAt(restored.gatehouse.game as EmbeddedGameServer, dug!);
      expect(block.name, 'the dug block in the restored world').to.equal('air');
    } finally {
      await restored.stop();
    }
  });
});
