/**
 * Sounds as a 1.21.4 client reads them. flying-squid names each sound
 * inline, a form minecraft-protocol's writer leaves one byte of unset
 * (whatever was in memory: a client then reads another sound, or the rest
 * of the packet shifted); it uses the names of pre-1.9 versions, sends the
 * pitch 63 times too high and the position at a quarter of the real one. Its
 * playSound and playSoundId are replaced: a sound goes by its id in the
 * game's registry, at the position in eighths of a block, with the pitch as
 * the factor it is. A name the game does not know is not sent (the client
 * could not play it).
 */
import type { SquidPlayer, SquidServer, SquidSoundOptions, SquidWorld, Vec3Like } from './flying-squid.js';

/** The sounds flying-squid plays under pre-1.9 names, as 1.21.4 names them. */
const soundsByOldName: Readonly<Record<string, string>> = {
  'game.player.hurt': 'entity.player.hurt',
  'random.pop': 'entity.item.pickup',
  // flying-squid plays these when a block is placed.
  'dig.stone': 'block.stone.place',
  'dig.grass': 'block.grass.place',
  'dig.wood': 'block.wood.place',
  'dig.cloth': 'block.wool.place',
};

/** The client plays a sound with its pitch factor clamped to this range. */
const lowestPitch = 0.5;
const highestPitch = 2;

export function installSounds(serv: SquidServer, log: (message: string) => void): void {
  const soundsByName = (serv.registry as unknown as { soundsByName: Record<string, { id: number } | undefined> }).soundsByName;
  const unknownReported = new Set<string>();
  const idOf = (sound: string): number | undefined => {
    const name = modernName(sound.replace(/^minecraft:/, ''));
    const id = soundsByName[name]?.id;
    if (id === undefined && !unknownReported.has(name)) {
      unknownReported.add(name);
      log(`embedded game server: the sound "${sound}" is not one of the game's; it is not sent`);
    }
    return id;
  };
  serv.playSound = (sound, world, position, options = {}) => {
    const id = idOf(sound);
    if (id !== undefined) playSoundId(serv, id, world, position, options);
  };
  serv.playSoundId = (id, world, position, options = {}) => playSoundId(serv, id, world, position, options);
}

function modernName(name: string): string {
  const instrument = /^note\.(.+)$/.exec(name)?.[1];
  if (instrument) return `block.note_block.${instrument}`;
  return soundsByOldName[name] ?? name;
}

function playSoundId(serv: SquidServer, soundId: number, world: SquidWorld, position: Vec3Like | null, options: SquidSoundOptions): void {
  const { whitelist, blacklist = [], radius = 32, volume = 1, pitch = 1, soundCategory = 0 } = options;
  const listeners: SquidPlayer[] = whitelist !== undefined ? [whitelist].flat() : position ? serv.getNearby({ world, position, radius }) : [];
  for (const player of listeners) {
    if (blacklist.includes(player)) continue;
    const at = position ?? player.position;
    player._client.write('sound_effect', {
      sound: { soundId },
      soundCategory,
      // Eighths of a block.
      x: Math.floor(at.x * 8),
      y: Math.floor(at.y * 8),
      z: Math.floor(at.z * 8),
      volume,
      pitch: Math.min(highestPitch, Math.max(lowestPitch, pitch)),
      seed: [0, Math.floor(Math.random() * 0x7fffffff)],
    });
  }
}
