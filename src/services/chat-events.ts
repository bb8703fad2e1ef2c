import type { GamePort } from '../game/port.js';
import type { MessageRecord, PendingRestart } from '../store/port.js';
import type { AccountService } from './accounts.js';
import type { ChatWebhook, Embed } from './chat-webhook.js';
import type { MessageService } from './messages.js';
import type { RestartService } from './restarts.js';

const colours = { join: 0x57f287, leave: 0x95a5a6, account: 0x5865f2, announcement: 0xfee75c, restart: 0xed4245, cancelled: 0x57f287, server: 0x3498db };

/**
 * What goes to the chat webhook while `chat.enabled` is on: players joining
 * and leaving, new web accounts, announcements, restarts scheduled and
 * cancelled, and the server starting and stopping.
 */
export function postGameEventsToChat(
  webhook: ChatWebhook,
  sources: { game: GamePort; accounts: AccountService; messages: MessageService; restarts: RestartService },
  now: () => Date = () => new Date(),
): void {
  const post = (embed: Omit<Embed, 'timestamp'>) => webhook.post({ embeds: [{ ...embed, timestamp: now().toISOString() }] });
  sources.game.events.on('join', ({ player }) => post({ title: 'Player joined', description: `${player.name} joined the game`, color: colours.join }));
  sources.game.events.on('quit', ({ player }) => post({ title: 'Player left', description: `${player.name} left the game`, color: colours.leave }));
  sources.accounts.events.on('registered', ({ username, gameUsername }) =>
    post({ title: 'New web account', description: `${gameUsername} created the web account ${username}`, color: colours.account }),
  );
  sources.messages.events.on('announced', (announcement: MessageRecord) =>
    post({
      title: 'Announcement',
      description: announcement.content,
      color: colours.announcement,
      fields: [
        { name: 'From', value: announcement.sentBy, inline: true },
        { name: 'Until', value: announcement.expiresAt ?? '-', inline: true },
      ],
    }),
  );
  sources.restarts.events.on('scheduled', (restart: PendingRestart) =>
    post({
      title: 'Restart scheduled',
      description: restart.reason || 'The server will restart.',
      color: colours.restart,
      fields: [
        { name: 'At', value: restart.restartAt, inline: true },
        { name: 'In', value: `${restart.delaySeconds} s`, inline: true },
        { name: 'By', value: restart.requestedBy, inline: true },
      ],
    }),
  );
  sources.restarts.events.on('cancelled', (restart: PendingRestart) =>
    post({ title: 'Restart cancelled', description: `The restart planned for ${restart.restartAt} was cancelled.`, color: colours.cancelled }),
  );
}

export function serverStatusEmbed(started: boolean): Omit<Embed, 'timestamp'> {
  return started
    ? { title: 'Server started', description: 'Gatehouse and the game server are up.', color: colours.server }
    : { title: 'Server stopping', description: 'Gatehouse is shutting down.', color: colours.leave };
}
