import type { GamePort } from '../../game/port.js';
import type { UserStore } from '../../store/port.js';
import type { GameTexts } from '../../texts/catalogue.js';
import type { ServerSettings } from '../../config/server-settings.js';

/**
 * Reminds online players who have no web account yet to type /register,
 * every `notifications.unregisteredInterval` minutes while
 * `notifications.enabled` is on (both live settings).
 */
export class UnregisteredReminders {
  private readonly lastReminded = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly game: GamePort,
    private readonly users: UserStore,
    private readonly settings: () => ServerSettings,
    private readonly texts: GameTexts,
    private readonly now: () => number = Date.now,
  ) {
    game.events.on('quit', ({ player }) => this.lastReminded.delete(player.uuid));
  }

  start(checkEveryMs = 30_000): void {
    this.timer = setInterval(() => void this.remindDue(), checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends the reminders that are due now; returns who got one. */
  async remindDue(): Promise<string[]> {
    const { enabled, unregisteredInterval } = this.settings().notifications;
    const messaging = this.game.capability('messaging');
    if (!enabled || !this.game.isConnected() || !messaging) return [];
    const intervalMs = unregisteredInterval * 60_000;
    const reminded: string[] = [];
    for (const player of await this.game.onlinePlayers()) {
      if (await this.users.findByGameUuid(player.uuid)) continue;
      const last = this.lastReminded.get(player.uuid);
      if (last !== undefined && this.now() - last < intervalMs) continue;
      this.lastReminded.set(player.uuid, this.now());
      await messaging
        .sendMessage(player.name, this.texts.render('reminder.unregistered', { command: this.game.codeCommand('register') }))
        .then(() => reminded.push(player.name))
        .catch(() => undefined);
    }
    return reminded;
  }
}
