/**
 * Where the events come from: each group's own emitter, listened to here,
 * so no group's logic knows of the stream. A group that is not there (no
 * economy, no shop) has nothing to tell; one added later is wired here
 * with a line of its own.
 */
import type { GamePort } from '../../game/port.js';
import { fromCents } from '../common/money.js';
import type { ModerationRecord } from '../moderation/store.js';
import type { ServiceRegistry } from '../services.js';
import type { EventJournal } from './journal.js';

const playerOf = (player: { name: string; uuid: string }) => ({ name: player.name, uuid: player.uuid });

/** Wires the events of this server's game and of every group's service into the journal. */
export function wireSources(journal: EventJournal, game: GamePort, services: ServiceRegistry): void {
  game.events.on('join', ({ player, ipAddress }) => journal.publish('player.joined', { player: playerOf(player), ipAddress }));
  game.events.on('quit', ({ player, ipAddress }) => journal.publish('player.left', { player: playerOf(player), ipAddress }));

  if (services.has('economy')) {
    services.get('economy').events.on('posted', (records) => {
      for (const record of records) {
        journal.publish('money.moved', {
          transactionId: record.id,
          player: playerOf(record.player),
          type: record.type,
          amount: fromCents(record.amount),
          balance: fromCents(record.balance),
          description: record.description,
          ...(record.counterparty ? { counterparty: playerOf(record.counterparty) } : {}),
        });
        if ((record.type === 'PURCHASE' || record.type === 'SALE') && record.item !== undefined) {
          const trade = { player: playerOf(record.player), item: record.item, quantity: record.quantity ?? 0, price: fromCents(Math.abs(record.amount)), transactionId: record.id };
          journal.publish(record.type === 'PURCHASE' ? 'purchase.made' : 'sale.made', trade);
        }
      }
    });
  }
  if (services.has('deliveries')) {
    services.get('deliveries').events.on('given', (delivery, givenNow) =>
      journal.publish('purchase.delivered', {
        deliveryId: delivery.id,
        player: playerOf(delivery.player),
        item: delivery.item,
        quantity: delivery.quantity,
        given: delivery.given,
        givenNow,
        state: delivery.state === 'delivered' ? 'delivered' : 'pending',
      }),
    );
  }
  if (services.has('jobs')) {
    services
      .get('jobs')
      .payouts.events.on('paid', (paid) =>
        journal.publish('jobs.payout', { payouts: paid.map((pay) => ({ player: playerOf(pay.player), amount: fromCents(pay.cents), description: pay.description })) }),
      );
  }
  const restarts = services.get('restarts').events;
  const restart = (pending: { restartAt: string; reason: string; requestedBy: string; delaySeconds: number }) => ({
    restartAt: pending.restartAt,
    reason: pending.reason,
    requestedBy: pending.requestedBy,
    delaySeconds: pending.delaySeconds,
  });
  restarts.on('scheduled', (pending) => journal.publish('restart.scheduled', restart(pending)));
  restarts.on('cancelled', (pending) => journal.publish('restart.cancelled', restart(pending)));
  restarts.on('restarting', (pending) => journal.publish('restart.started', restart(pending)));

  services.get('settings').events.on('updated', (keys) => journal.publish('settings.changed', { keys }));
  if (services.has('whitelistChanges')) services.get('whitelistChanges').on('changed', (change) => journal.publish('whitelist.changed', change));
  if (services.has('apiKeys')) services.get('apiKeys').events.on('newAddress', (use) => journal.publish('key.new_address', use));
  if (services.has('moderation')) {
    const record = (made: ModerationRecord) => ({
      recordId: made.id,
      kind: made.kind,
      player: made.player ? playerOf(made.player) : null,
      ...(made.address !== null ? { address: made.address } : {}),
      reason: made.reason,
      by: made.by,
      expiresAt: made.expiresAt,
      lifted: made.lifted ? { at: made.lifted.at, reason: made.lifted.reason } : null,
      appeal: made.appeal ? { text: made.appeal.text, status: made.appeal.status, answer: made.appeal.answer, answeredBy: made.appeal.answeredBy } : null,
    });
    const moderation = services.get('moderation').events;
    moderation.on('banned', (made) => journal.publish('moderation.banned', record(made)));
    moderation.on('lifted', (made) => journal.publish('moderation.lifted', record(made)));
    moderation.on('kicked', (made) => journal.publish('moderation.kicked', record(made)));
    moderation.on('warned', (made) => journal.publish('moderation.warned', record(made)));
    moderation.on('appealed', (made) => journal.publish('moderation.appealed', record(made)));
    moderation.on('appealAnswered', (made) => journal.publish('moderation.appeal_answered', record(made)));
  }
  if (services.has('backups')) {
    const backups = services.get('backups').events;
    backups.on('taken', (taken) =>
      journal.publish('backup.taken', {
        name: taken.name,
        reason: taken.manifest.reason,
        requestedBy: taken.manifest.requestedBy,
        bytes: taken.bytes,
        tookMs: Math.round(taken.tookMs),
        deleted: taken.deleted,
      }),
    );
    backups.on('failed', (failure) => journal.publish('backup.failed', { name: failure.name, reason: failure.reason, requestedBy: failure.requestedBy, error: failure.error }));
    backups.on('restored', (note) => journal.publish('backup.restored', note));
  }
  if (services.has('messages')) {
    const message = (record: { id: number; type: 'ANNOUNCEMENT' | 'DIRECT'; content: string; recipient?: string; sentBy: string; expiresAt: string | null }) => ({
      messageId: record.id,
      type: record.type,
      content: record.content,
      ...(record.recipient !== undefined ? { recipient: record.recipient } : {}),
      sentBy: record.sentBy,
      expiresAt: record.expiresAt,
    });
    const messages = services.get('messages').events;
    messages.on('announced', (record) => journal.publish('message.sent', message(record)));
    messages.on('direct', (record) => journal.publish('message.sent', message(record)));
  }
}
