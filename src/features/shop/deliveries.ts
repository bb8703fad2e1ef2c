/**
 * Deliveries: the durable outbox of what purchases owe players in game. A
 * purchase writes its delivery in the same unit of work as its charge; this
 * service gives the items when the player is online (at once, at their next
 * join, and every `deliveries.retry-seconds` for what did not fit).
 *
 * Never twice: before the game is asked, the attempt is written down with
 * the operation id it is asked under; after, its outcome. An attempt whose
 * outcome is unknown (a timeout, a crash) is asked again under the same id,
 * and the game answers an operation it already did with its first result
 * instead of doing it again (the game port's promise for `inventories`).
 * A delivery is done only when the game said it gave everything.
 *
 * On a network each server's game remembers only its own operations: an
 * attempt is asked of the server the player is on when it starts, and that
 * server is written down with it. An attempt whose outcome is unknown is
 * asked again only by the instance of that server, of its own game (which
 * answers from its memory, even once the player has moved on), never where
 * the player is now; no other attempt of that delivery starts meanwhile.
 * Once it is settled, the rest is given wherever the player is. Starting an
 * attempt and writing its outcome are each one conditional step in the
 * store, so two instances never start one each or count one twice.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { GameUnavailableError, PlayerNotOnlineError } from '../../game/errors.js';
import type { GamePort, PlayerRef } from '../../game/port.js';
import { KeyedLock } from '../../lib/keyed-lock.js';
import { playersHere } from '../../network/players-here.js';
import type { Store, StorePart } from '../../store/port.js';
import type { GameTexts } from '../../texts/catalogue.js';
import { installationId } from './installation.js';
import type { ServerInventories } from './server-inventories.js';
import type { DeliveryRecord, MarketStore } from './store.js';

export interface DeliveryEvents {
  /** Some or all of a delivery reached the player: the delivery after it, and how many this time. */
  given: [DeliveryRecord, number];
}

export class DeliveryService {
  readonly events = new EventEmitter<DeliveryEvents>();
  /** One attempt at a time per player, so a join, a retry and a purchase never ask twice at once. */
  private readonly lock = new KeyedLock();
  private timer: NodeJS.Timeout | null = null;
  private retrying: { seconds: () => number; alsoRetry: () => Promise<unknown> } | undefined;
  private readonly installation: () => Promise<string>;

  constructor(
    private readonly store: Store,
    private readonly part: StorePart<MarketStore>,
    private readonly game: GamePort,
    private readonly texts: GameTexts,
    private readonly names: (item: string) => string,
    private readonly logError: (message: string) => void,
    private readonly now: () => Date,
    /** The game of a given server: an attempt is asked of one server, and again of that one only. */
    private readonly servers: ServerInventories,
  ) {
    this.installation = installationId(store.keys);
  }

  private get market(): MarketStore {
    return this.store.part(this.part);
  }

  /** Tries every pending delivery of a player, oldest first; answers them as they are after. */
  async deliverTo(player: PlayerRef): Promise<DeliveryRecord[]> {
    const pending = await this.market.pendingDeliveries(player.uuid);
    const after: DeliveryRecord[] = [];
    for (const delivery of pending) after.push(await this.attempt(delivery.id));
    return after;
  }

  /** One attempt at one delivery; answers it as it is after (pending when the game could not take it now). */
  attempt(id: number): Promise<DeliveryRecord> {
    return this.store
      .part(this.part)
      .delivery(id)
      .then((found) => {
        if (!found) throw new Error(`no delivery ${id}`);
        return this.lock.run(found.player.uuid, () => this.attemptHeld(id));
      });
  }

  /** Retries, every `seconds`, the pending deliveries of players online (on this server), and then `alsoRetry` (sales under way). */
  start(seconds: () => number, alsoRetry: () => Promise<unknown> = async () => undefined): void {
    this.retrying = { seconds, alsoRetry };
    this.schedule();
  }

  /** The interval may have changed (shop.yml read again): the next retry comes after the new one from now. */
  reschedule(): void {
    if (!this.retrying || !this.timer) return; // not started, or a retry is running and schedules the next itself
    clearTimeout(this.timer);
    this.schedule();
  }

  stop(): void {
    this.retrying = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    const retrying = this.retrying;
    if (!retrying) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.retryOnline()
        .catch((error: Error) => this.logError(`shop: retrying deliveries: ${error.message}`))
        .then(() => retrying.alsoRetry())
        .catch((error: Error) => this.logError(`shop: finishing sales under way: ${error.message}`))
        .finally(() => this.schedule());
    }, retrying.seconds() * 1000);
    this.timer.unref();
  }

  /**
   * Retries the pending deliveries of players online on this server, and
   * the attempts asked of this server's game whose outcome is unknown,
   * wherever their player is now (the game answers them from its memory).
   */
  async retryOnline(): Promise<number> {
    if (!this.game.isConnected() || !this.game.capability('inventories')) return 0;
    const pending = await this.market.pendingDeliveries();
    if (pending.length === 0) return 0;
    const here = await playersHere(this.game, this.servers.here);
    const online = new Set(here.map((player) => player.uuid));
    let tried = 0;
    for (const delivery of pending) {
      if (!online.has(delivery.player.uuid) && delivery.attempt?.server !== this.servers.here) continue;
      await this.attempt(delivery.id);
      tried += 1;
    }
    return tried;
  }

  private async attemptHeld(id: number): Promise<DeliveryRecord> {
    const market = this.market;
    let delivery = (await market.delivery(id))!;
    if (delivery.state !== 'pending' || !this.game.capability('inventories')) return delivery;
    let fresh = false;
    if (delivery.attempt) {
      // Another server's game was asked: only that server's instance may ask it again, of its own game.
      if (delivery.attempt.server !== undefined && delivery.attempt.server !== this.servers.here) return delivery;
    } else {
      const server = await this.servers.serverOf(delivery.player).catch((error: Error) => {
        if (!(error instanceof GameUnavailableError)) throw error;
        return undefined; // who is online is not known now: asked again later
      });
      if (server === undefined) return delivery; // given at their join
      const number = delivery.attempts + 1;
      // Unique across installs (a game may still remember an earlier install's `delivery-1-1`, see installation.ts), and
      // with a random part, since a restored backup numbers deliveries again under the same installation; the id is
      // written down with the attempt, so its retries ask under the same one.
      const attempt = {
        operationId: `delivery-${await this.installation()}-${delivery.id}-${number}-${randomBytes(4).toString('hex')}`,
        count: delivery.quantity - delivery.given,
        startedAt: this.now().toISOString(),
        server,
      };
      // Written down before the game is asked: after a crash the same attempt is asked again under the same id.
      const started = await market.startDeliveryAttempt(delivery.id, delivery.attempts, attempt, this.now().toISOString());
      // Another instance started one meanwhile: it is theirs to finish.
      if (!started) return (await market.delivery(id))!;
      delivery = started;
      fresh = true;
    }
    const attempt = delivery.attempt!;
    let given: number;
    try {
      given =
        attempt.server === undefined
          ? // Written before attempts recorded their server: asked again wherever the player is, as it was then.
            await this.game.require('inventories').give(delivery.player.name, delivery.item, attempt.count, { operationId: attempt.operationId })
          : await this.servers.give(attempt.server, delivery.player.name, delivery.item, attempt.count, { operationId: attempt.operationId });
    } catch (error) {
      // Refused at its first ask because the player was not there: the game did nothing, and the next attempt may be anywhere.
      if (fresh && error instanceof PlayerNotOnlineError) return (await market.settleDeliveryAttempt(delivery.id, attempt.operationId, 0, this.now().toISOString())) ?? delivery;
      // Else the attempt stays written down: whether or not the game did it, asking again under its id is safe.
      if (!(error instanceof PlayerNotOnlineError || error instanceof GameUnavailableError)) {
        this.logError(`shop: delivery ${delivery.id} of ${delivery.quantity} ${delivery.item} to ${delivery.player.name}: ${(error as Error).message}`);
      }
      return delivery;
    }
    const after = await market.settleDeliveryAttempt(delivery.id, attempt.operationId, given, this.now().toISOString());
    // Its outcome written by another instance first (asked under the same id, the game answered both alike).
    if (!after) return (await market.delivery(id))!;
    if (given > 0) {
      this.events.emit('given', after, given);
      await this.tell(after, given);
    }
    return after;
  }

  private async tell(delivery: DeliveryRecord, given: number): Promise<void> {
    const messaging = this.game.capability('messaging');
    if (!messaging) return;
    const item = this.names(delivery.item);
    const text =
      delivery.state === 'delivered'
        ? this.texts.render('shop.delivered', { quantity: given, item })
        : this.texts.render('shop.delivery-partial', { given, item, remaining: delivery.quantity - delivery.given });
    await messaging.sendMessage(delivery.player.name, text).catch(() => undefined);
  }
}
