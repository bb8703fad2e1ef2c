import { EventEmitter } from 'node:events';
import { invalidField, notFound } from '../../errors.js';
import type { GamePort } from '../../game/port.js';
import { translateColourCodes } from '../../lib/colours.js';
import type { MessageRecord, MessageStore } from './store.js';
import type { GameTexts } from '../../texts/catalogue.js';
import type { Actor } from '../../http/caller.js';

/**
 * Messages from admins: a direct message to one online player, or an
 * announcement broadcast to everyone and shown to players who join until it
 * expires. Both are recorded.
 */
export class MessageService {
  readonly events = new EventEmitter<{ announced: [MessageRecord]; removed: [MessageRecord]; direct: [MessageRecord] }>();

  constructor(
    private readonly store: MessageStore,
    private readonly game: GamePort,
    private readonly texts: GameTexts,
    private readonly now: () => Date = () => new Date(),
    private readonly logError: (message: string) => void = console.error,
  ) {
    game.events.on('join', ({ player }) => void this.showAnnouncementsTo(player.name));
  }

  /** Throws PlayerNotOnlineError (404) when the player is not online. */
  async sendDirect(actor: Actor, playerName: string, text: string): Promise<MessageRecord> {
    await this.game.require('messaging').sendMessage(playerName, this.texts.render('message.direct', { sender: actor.name, message: translateColourCodes(text) }));
    const record = await this.store.add({
      type: 'DIRECT',
      content: text,
      createdAt: this.now().toISOString(),
      expiresAt: null,
      recipient: playerName,
      sentBy: actor.name,
    });
    this.events.emit('direct', record);
    return record;
  }

  /** Without `expiresAt` the announcement is shown to joining players until it is removed. */
  async announce(actor: Actor, content: string, expiresAt?: string): Promise<MessageRecord> {
    const now = this.now();
    const expires = expiresAt === undefined ? null : new Date(expiresAt);
    if (expires && Number.isNaN(expires.getTime())) throw invalidField('expiresAt', 'expiresAt must be an ISO 8601 timestamp');
    if (expires && expires.getTime() <= now.getTime()) throw invalidField('expiresAt', 'expiresAt must be in the future');
    const record = await this.store.add({
      type: 'ANNOUNCEMENT',
      content,
      createdAt: now.toISOString(),
      expiresAt: expires?.toISOString() ?? null,
      sentBy: actor.name,
    });
    // Recorded first: players who join later see it even if the game is away now.
    const messaging = this.game.capability('messaging');
    if (this.game.isConnected() && messaging) {
      await messaging.broadcast(this.announcementText(content)).catch((error: Error) => this.logError(`announcement broadcast: ${error.message}`));
    }
    this.events.emit('announced', record);
    return record;
  }

  /**
   * Removes an announcement: no player who joins from now on is shown it (on
   * a network too, since every server reads the announcements from the one
   * store when a player joins). Throws 404 when no announcement has the id.
   */
  async removeAnnouncement(id: number): Promise<MessageRecord> {
    const removed = await this.store.removeAnnouncement(id);
    if (!removed) throw notFound(`No announcement has the id ${id} (a direct message cannot be removed)`, 'no_announcement');
    this.events.emit('removed', removed);
    return removed;
  }

  /** A page of messages, newest first, with how many there are. */
  async page(page: number, limit: number): Promise<{ messages: MessageRecord[]; total: number }> {
    const [messages, total] = await Promise.all([this.store.list(limit, (page - 1) * limit), this.store.count()]);
    return { messages, total };
  }

  private async showAnnouncementsTo(playerName: string): Promise<void> {
    try {
      for (const announcement of await this.store.activeAnnouncements(this.now())) {
        await this.game.capability('messaging')?.sendMessage(playerName, this.announcementText(announcement.content));
      }
    } catch (error) {
      this.logError(`announcements for ${playerName}: ${(error as Error).message}`);
    }
  }

  /** Admins may colour their text with `&` codes, as owners do in messages.yml. */
  private announcementText(content: string): string {
    return this.texts.render('announcement', { message: translateColourCodes(content) });
  }
}
