/**
 * The embedded server's saving of its world, paused around a copy of the
 * world folder (a backup). flying-squid writes changed chunks into region
 * files in place every second (prismarine-world's save timer) and a
 * player's file whole, but not atomically, at each of their saves; a copy
 * taken meanwhile could catch either half written. A pause stops the timer,
 * waits for the player saves under way, writes every chunk still queued, and
 * holds later player saves (a login's, a logout's) until the resume, which
 * starts the timer again and lets them through. A server started during a
 * pause (the second half of a restart) starts paused.
 */
import type { WorldFolder, WorldSaves } from '../port.js';
import type { SquidPlayer, SquidServer, SquidWorld } from './flying-squid.js';
import type { EmbeddedModule, RunningServer } from './module.js';

export class EmbeddedSaves implements EmbeddedModule, WorldSaves {
  private pausing: { resumed: Promise<void>; resume: () => void } | null = null;
  private readonly savesUnderWay = new Set<Promise<unknown>>();

  constructor(
    private readonly running: RunningServer,
    private readonly worldFolder: string,
  ) {}

  attach(serv: SquidServer): void {
    if (this.pausing) serv.overworld.stopSaving();
  }

  watchPlayer(player: SquidPlayer): void {
    const save = player.save;
    player.save = async () => {
      while (this.pausing) await this.pausing.resumed;
      const saved = save();
      this.savesUnderWay.add(saved);
      const forget = () => this.savesUnderWay.delete(saved);
      saved.then(forget, forget);
      return saved;
    };
  }

  /** The overworld's folder: the nether is generated again each start and never written. */
  async folders(): Promise<WorldFolder[]> {
    return [{ name: 'world', path: this.worldFolder }];
  }

  async pause(): Promise<void> {
    if (this.pausing) return;
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => {
      resume = resolve;
    });
    this.pausing = { resumed, resume };
    await Promise.allSettled([...this.savesUnderWay]);
    const serv = this.running.get();
    if (!serv) return;
    serv.overworld.stopSaving();
    await flushWorld(serv.overworld);
  }

  async resume(): Promise<void> {
    const pausing = this.pausing;
    if (!pausing) return;
    this.pausing = null;
    this.running.get()?.overworld.startSaving();
    pausing.resume();
  }
}

/** Writes every chunk changed since the save timer's last run and waits for the writes (the timer stopped first). */
export async function flushWorld(world: SquidWorld): Promise<void> {
  // A run of the timer may be under way; each pass saves what is queued then, and nothing more is queued meanwhile.
  // The first pass always runs (with nothing queued it writes nothing), so a flush is one whatever the timer did.
  let pass = 0;
  do await world.saveNow();
  while (++pass < 3 && world.savingQueue.size > 0);
  await world.finishedSaving;
}
