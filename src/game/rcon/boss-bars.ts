import type { BossBar, BossBars } from '../port.js';
import { checkCommandLength, choiceArgument, resourceArgument, textComponent } from './arguments.js';
import { UnexpectedReplyError } from './replies.js';

/** Vanilla boss bars carry a value out of a maximum of our choosing: progress in thousandths. */
const maxBarValue = 1000;

/**
 * Boss bars by vanilla's `bossbar` command. A bar is shown to `@a` when it
 * is made and again at each player's join (`reshowAll`), so players who come
 * later see it too. Ids, colours and titles are checked before any command
 * is built from them; a title too long for one command is refused.
 */
export class RconBossBars implements BossBars {
  private readonly bars = new Map<string, BossBar>();

  constructor(private readonly command: (line: string) => Promise<string>) {}

  async show(bar: BossBar): Promise<void> {
    const id = barId(bar.id);
    choiceArgument(bar.color, barColors, 'color');
    if (!this.bars.has(bar.id)) {
      const created = await this.command(checkCommandLength(`bossbar add ${id} ${title(bar.title)}`, 'title'));
      if (!/^Created custom bossbar|^A bossbar already exists/.test(created)) throw new UnexpectedReplyError('bossbar add', created);
      await this.command(`bossbar set ${id} max ${maxBarValue}`);
      this.bars.set(bar.id, { ...bar, title: '', progress: -1, color: 'white' });
    }
    await this.update(bar);
    await this.command(`bossbar set ${id} players @a`);
  }

  async update(bar: BossBar): Promise<void> {
    const shown = this.bars.get(bar.id);
    if (!shown) return this.show(bar);
    const id = barId(bar.id);
    const rename = checkCommandLength(`bossbar set ${id} name ${title(bar.title)}`, 'title');
    const color = choiceArgument(bar.color, barColors, 'color');
    if (shown.progress !== bar.progress) await this.command(`bossbar set ${id} value ${Math.round(Math.min(1, Math.max(0, bar.progress)) * maxBarValue)}`);
    if (shown.title !== bar.title) await this.command(rename);
    if (shown.color !== bar.color) await this.command(`bossbar set ${id} color ${color}`);
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

/** Vanilla's boss bar colours. */
const barColors: ReadonlyArray<BossBar['color']> = ['blue', 'green', 'pink', 'purple', 'red', 'white', 'yellow'];

/** A resource location vanilla accepts: `gatehouse:restart`; InvalidArgumentError naming `id` when none can be made of it. */
function barId(id: string): string {
  const clean = String(id)
    .toLowerCase()
    .replace(/[^a-z0-9_.:/-]/g, '_');
  return resourceArgument(clean.includes(':') ? clean : `gatehouse:${clean}`, 'id');
}

function title(text: string): string {
  return textComponent(text);
}
