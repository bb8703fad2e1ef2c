import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import mc from 'minecraft-protocol';
import type { Bot } from 'mineflayer';
import { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { eventually, joinBot, joinStillBot, leave } from '../helpers/bots.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

/** A 1.21.4 client's reading of the play state, strict: the packet must be read whole and be written back the same. */
const clientReads = mc.createDeserializer({ state: mc.states.PLAY, isServer: false, version: '1.21.4', customPackets: {} });
const serverWrites = mc.createSerializer({ state: mc.states.PLAY, isServer: true, version: '1.21.4', customPackets: {} });
interface SoundRegistry {
  sounds: Record<number, { id: number; name: string } | undefined>;
  soundsByName: Record<string, { id: number } | undefined>;
}

interface SoundPacket {
  sound: { soundId?: number; data?: { soundName: string } };
  x: number;
  y: number;
  z: number;
  volume: number;
  pitch: number;
}

/** Why the bytes of one sound_effect packet are not what a strict 1.21.4 decoder reads back exactly, or undefined when they are. */
function strictReading(bytes: Buffer): { problem?: string; packet?: SoundPacket } {
  let parsed: { data: { name: string; params: SoundPacket }; metadata: { size: number } };
  try {
    parsed = clientReads.parsePacketBuffer(bytes);
  } catch (error) {
    return { problem: `cannot be read: ${(error as Error).message}` };
  }
  if (parsed.data.name !== 'sound_effect') return { problem: `read as ${parsed.data.name}` };
  if (parsed.metadata.size !== bytes.length) return { problem: `${bytes.length - parsed.metadata.size} bytes left over` };
  const again: Buffer = serverWrites.createPacketBuffer(parsed.data);
  if (!again.equals(bytes)) return { problem: `written back differently: ${again.toString('hex')}` };
  return { packet: parsed.data.params };
}

/**
 * The sound packets the embedded server sends, read as a strict 1.21.4
 * client reads them. flying-squid names every sound inline, a form its
 * writer leaves one byte of unset (whatever was in memory), with names of
 * old versions, a pitch 63 times too high and positions a quarter of the
 * real ones.
 */
describe('embedded server: sounds', function () {
  let directory: string;
  let game: EmbeddedGameServer;
  const bots: Bot[] = [];
  before(async function () {
    directory = await temporaryDirectory('gatehouse-sounds-');
    game = new EmbeddedGameServer({ host: '127.0.0.1', port: 0, motd: 'x', maxPlayers: 5, viewDistance: 2, dataDirectory: directory, log: () => undefined });
    await game.start();
  });
  after(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
    await game.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('writes every sound so that a strict 1.21.4 decoder reads it whole and exactly, as a sound of the game, where it plays', async function () {
    this.timeout(120_000);
    const listener = await joinBot(game.port, 'Listener');
    bots.push(listener);
    // The one hit stands still whatever it is told (no physics, no movement sent), so the server keeps it where it was
    // put however often it is knocked back.
    const { bot: target } = await joinStillBot(game.port, 'Target');
    bots.push(target);
    const serv = game.flyingSquid()!;
    const targetPlayer = serv.players.find((player) => player.username === 'Target')!;
    const teleports = game.require('teleports');
    // Away from 0, where a quarter of a position is close to the position.
    await teleports.teleportToLocation('Target', { world: 'world', x: 100.5, y: targetPlayer.position.y, z: 100.5 });
    await teleports.teleportToLocation('Listener', { world: 'world', x: 102.5, y: targetPlayer.position.y, z: 100.5 });
    // flying-squid takes a position sent before the client saw the teleport: the hits start once the server has the
    // listener in reach after those could have arrived.
    const listenerPlayer = serv.players.find((player) => player.username === 'Listener')!;
    const inPlace = (position: { x: number; z: number }) => Math.abs(position.x - 102.5) < 0.5 && Math.abs(position.z - 100.5) < 0.5;
    await eventually(() => (inPlace(listener.entity.position) ? true : undefined), 5000, 'the listener in place');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await eventually(() => (inPlace(listenerPlayer.position) ? true : undefined), 5000, 'the listener in place on the server');
    const received: Buffer[] = [];
    // The whole frame as it came (the "raw" events carry only what the bot's own reading used of it).
    listener._client.on('packet', (_data: unknown, meta: { name: string }, _read: Buffer, frame: Buffer) => {
      if (meta.name === 'sound_effect') received.push(Buffer.from(frame));
    });

    // Hits (each plays the hurt sound at the one hit), then the pickup and placement sounds flying-squid plays, by the
    // names it plays them under, where the target stands.
    const hits = 1500;
    for (let hit = 0; hit < hits; hit++) {
      listener._client.write('use_entity', { target: targetPlayer.id, mouse: 1, sneaking: false });
      if (hit % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const played = 1500;
    for (let sound = 0; sound < played; sound++) {
      serv.playSound(sound % 2 === 0 ? 'random.pop' : 'dig.grass', targetPlayer.world, targetPlayer.position, {});
      if (sound % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await eventually(() => (received.length >= hits + played ? true : undefined), 30_000, `${hits + played} sounds (${received.length} so far)`);

    // The game's sounds as the 1.21.4 client knows them.
    const { sounds, soundsByName } = listener.registry as unknown as SoundRegistry;
    const problems: string[] = [];
    const where = targetPlayer.position;
    for (const bytes of received) {
      const { problem, packet } = strictReading(bytes);
      const found = problem ? [problem] : [];
      if (packet) {
        const name = packet.sound.soundId !== undefined ? sounds[packet.sound.soundId]?.name : packet.sound.data?.soundName;
        if (!name || soundsByName[name] === undefined) found.push(`not a 1.21.4 sound (${name})`);
        const distance = Math.hypot(packet.x / 8 - where.x, packet.y / 8 - where.y, packet.z / 8 - where.z);
        if (distance > 1) found.push(`played ${distance.toFixed(1)} blocks from where it happens`);
        if (packet.pitch < 0.5 || packet.pitch > 2) found.push(`pitch ${packet.pitch}, past the client's 0.5 to 2`);
      }
      if (found.length > 0) problems.push(`${bytes.toString('hex')}: ${found.join('; ')}`);
    }
    expect(problems.length, `${problems.length} of ${received.length} sound packets, e.g.:\n${problems.slice(0, 5).join('\n')}`).to.equal(0);
  });
});
