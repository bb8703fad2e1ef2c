import { randomUUID } from 'node:crypto';
import type { BossBar, BossBars } from '../port.js';
import { squidRequire, type SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule, RunningServer } from './module.js';

const colours: Record<BossBar['color'], number> = { pink: 0, blue: 1, red: 2, green: 3, yellow: 4, purple: 5, white: 6 };

interface Nbt {
  comp(value: Record<string, unknown>): unknown;
  string(value: string): unknown;
}

/**
 * Boss bars by raw packet (flying-squid has no API for them). Bars are shown
 * to everyone online and, until removed, to everyone who joins later.
 */
export class EmbeddedBossBars implements BossBars, EmbeddedModule {
  private readonly bars = new Map<string, { uuid: string; bar: BossBar }>();
  private readonly nbt = squidRequire<Nbt>('prismarine-nbt');

  constructor(private readonly running: RunningServer) {}

  async show(bar: BossBar): Promise<void> {
    const existing = this.bars.get(bar.id);
    if (existing) return this.update(bar);
    const entry = { uuid: randomUUID(), bar: { ...bar } };
    this.bars.set(bar.id, entry);
    this.running.get()?._writeAll('boss_bar', this.createPacket(entry));
  }

  async update(bar: BossBar): Promise<void> {
    const entry = this.bars.get(bar.id);
    if (!entry) return this.show(bar);
    const serv = this.running.get();
    if (entry.bar.progress !== bar.progress) serv?._writeAll('boss_bar', { entityUUID: entry.uuid, action: 2, health: clamp(bar.progress) });
    if (entry.bar.title !== bar.title) serv?._writeAll('boss_bar', { entityUUID: entry.uuid, action: 3, title: this.title(bar.title) });
    if (entry.bar.color !== bar.color) serv?._writeAll('boss_bar', { entityUUID: entry.uuid, action: 4, color: colours[bar.color], dividers: 0 });
    entry.bar = { ...bar };
  }

  async remove(id: string): Promise<void> {
    const entry = this.bars.get(id);
    if (!entry) return;
    this.bars.delete(id);
    this.running.get()?._writeAll('boss_bar', { entityUUID: entry.uuid, action: 1 });
  }

  watchPlayer(player: SquidPlayer): void {
    player.once('connected', () => {
      for (const entry of this.bars.values()) player._client.write('boss_bar', this.createPacket(entry));
    });
  }

  private createPacket(entry: { uuid: string; bar: BossBar }) {
    return {
      entityUUID: entry.uuid,
      action: 0,
      title: this.title(entry.bar.title),
      health: clamp(entry.bar.progress),
      color: colours[entry.bar.color],
      dividers: 0,
      flags: 0,
    };
  }

  private title(text: string): unknown {
    return this.nbt.comp({ text: this.nbt.string(text) });
  }
}

function clamp(progress: number): number {
  return Math.min(1, Math.max(0, progress));
}
