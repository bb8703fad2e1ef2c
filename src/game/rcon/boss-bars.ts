import type { BossBar, BossBars } from '../port.js';
import { UnexpectedReplyError } from './replies.js';

/** Vanilla boss bars carry a value out of a maximum: progress in thousandths. */
const maximum = 1000;

/**
 * Boss bars by vanilla's `bossbar` command. A bar is shown to `@a` when it
 * is made and again at each player's join (`reshowAll`), so players who come
 * later see it too.
 */
export class RconBossBars implements BossBars {
  private readonly bars = new Map<string, BossBar>();

  constructor(private readonly command: (line: string) => Promise<string>) {}

  async show(bar: BossBar): Promise<void> {
    const id = barId(bar.id);
    if (!this.bars.has(bar.id)) {
      const created = await this.command(`bossbar add ${id} ${title(bar.title)}`);
      if (!/^Created custom bossbar|^A bossbar already exists/.test(created)) throw new UnexpectedReplyError('bossbar add', created);
      await this.command(`bossbar set ${id} max ${maximum}`);
      this.bars.set(bar.id, { ...bar, title: '', progress: -1, color: 'white' });
    }
    await this.update(bar);
    await this.command(`bossbar set ${id} players @a`);
  }

  async update(bar: BossBar): Promise<void> {
    const shown = this.bars.get(bar.id);
    if (!shown) return this.show(bar);
    const id = barId(bar.id);
    if (shown.progress !== bar.progress) await this.command(`bossbar set ${id} value ${Math.round(Math.min(1, Math.max(0, bar.progress)) * maximum)}`);
    if (shown.title !== bar.title) await this.command(`bossbar set ${id} name ${title(bar.title)}`);
    if (shown.color !== bar.color) await this.command(`bossbar set ${id} color ${bar.color}`);
    this.bars.set(bar.id, { ...bar });
  }

  async remove(id: string): Promise<void> {
    if (!this.bars.delete(id)) return;
    await this.command(`bossbar remove ${barId(id)}`);
  }

  /** After a join: every bar to everyone online (vanilla keeps a bar's players as names). */
  async reshowAll(): Promise<void> {
    for (const id of this.bars.keys()) await this.command(`bossbar set ${barId(id)} players @a`);
  }

  /** The server forgot its bars (it restarted): make them again on the next show. */
  forget(): void {
    this.bars.clear();
  }
}

/** A resource location vanilla accepts: `gatehouse:restart`. */
function barId(id: string): string {
  const clean = id.toLowerCase().replace(/[^a-z0-9_.:/-]/g, '_');
  return clean.includes(':') ? clean : `gatehouse:${clean}`;
}

function title(text: string): string {
  return JSON.stringify({ text });
}
