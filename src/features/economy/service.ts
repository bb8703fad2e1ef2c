import { EventEmitter } from 'node:events';
import type { ServerSettings } from '../../config/server-settings.js';
import { ApiError, invalidField, notFound } from '../../errors.js';
import type { GamePort, PlayerRef } from '../../game/port.js';
import type { Actor } from '../../http/caller.js';
import type { IdempotencyRequest } from '../../http/idempotency.js';
import { asciiLowerCase } from '../../lib/ascii.js';
import { Cache } from '../../lib/cache.js';
import type { Store, StorePart, TransactionalStores } from '../../store/port.js';
import { formatMoney, toCents } from '../common/money.js';
import { MoneyBound } from './bound.js';
import { MoneyMovements, type HeldKey, type Moved, type Movement } from './movement.js';
import { reverseRecord } from './reversals.js';
import { adjustmentShortfall, transferShortfall, shortfallRefusal } from './shortfall.js';
import { UnopenedAccountError, type AccountBalance, type LedgerRecord, type LedgerStore, type Posting } from './store.js';
import { isVaultClaim } from './vault-claims.js';
import type { VaultMoveOptions } from './vault-moves.js';

export type ProviderSetting = 'auto' | 'builtin' | 'vault' | 'none';
export type ProviderName = 'builtin' | 'vault';

export interface EconomyOptions {
  provider: ProviderSetting;
  /** Admin adjustments of at least this many cents (either way) are posted to the chat webhook. */
  largeAdjustmentCents: number;
  /** Money moved through Vault whose answers were lost: how it is settled, and where what cannot be is told. */
  vault: VaultMoveOptions;
}

export type { HeldKey, Moved, Movement } from './movement.js';

export const economyUnavailable = () => new ApiError(503, 'Economy system not available', 'economy_unavailable');

/**
 * The economy: balances, the ledger, transfers, admin adjustments and
 * reversals, over whichever provider `economy.provider` picks.
 *
 * - builtin: Gatehouse keeps the balances. Every movement is one unit of work
 *   (the balances and the ledger records change together, or not at all),
 *   units run one at a time, so the same money is never spent twice.
 * - vault: the server's Vault economy through the game port; the plugin
 *   checks and withdraws in one step, and Gatehouse records what it did in
 *   the ledger with the balance Vault reports.
 * - none, or Vault asked for and not there: every economy endpoint answers
 *   503 "Economy system not available".
 *
 * Every movement of money is made by `move`, in two phases: plan the
 * postings, which may refuse; record what follows (movement.ts).
 */
export class EconomyService {
  readonly events = new EventEmitter<{ posted: [LedgerRecord[]]; largeAdjustment: [LedgerRecord, Actor] }>();
  private lastDecision: ProviderName | undefined;
  /** The bound on balances and amounts (maxCents). */
  readonly bound: MoneyBound;
  private readonly movements: MoneyMovements;
  /** Players with an account, by the name (in lower case) a look-up found them under; see `transferToNamed`. */
  readonly playerNames = new Cache<string, PlayerRef>('player-names', 'Players with an economy account by a name looked up; a transfer to one checks the name is still theirs', {
    limit: 10_000,
  });

  constructor(
    private readonly store: Store,
    private readonly ledgerPart: StorePart<LedgerStore>,
    private readonly game: GamePort,
    /** The live settings; read on every posting, so a view rather than a copy. */
    private readonly settings: () => { readonly economy: Readonly<Pick<ServerSettings['economy'], 'startingBalance' | 'currencySymbol'>> },
    private readonly options: EconomyOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.bound = new MoneyBound(
      ledgerPart,
      (cents) => this.formatted(cents),
      () => this.startingCents(),
    );
    this.movements = new MoneyMovements(store, ledgerPart, game, this.bound, () => this.startingCents(), options.vault, now);
  }

  /** Stops settling Vault movements whose answers were lost (what is left unsettled is logged as it gives up). */
  stop(): void {
    this.movements.stop();
  }

  /** The provider serving now, or undefined when none is (503). */
  provider(): ProviderName | undefined {
    switch (this.options.provider) {
      case 'none':
        return undefined;
      case 'builtin':
        return 'builtin';
      case 'vault':
        return this.game.isConnected() && this.game.capability('economy') ? 'vault' : undefined;
      case 'auto':
        // Whether the plugin offers Vault is known only while it is connected; until it first is, nothing is decided.
        if (this.game.isConnected()) this.lastDecision = this.game.capability('economy') ? 'vault' : 'builtin';
        return this.lastDecision;
    }
  }

  /** The provider serving now, or the 503 every economy endpoint answers without one. */
  requireProvider(): ProviderName {
    const provider = this.provider();
    if (!provider) throw economyUnavailable();
    return provider;
  }

  private get ledger(): LedgerStore {
    return this.store.part(this.ledgerPart);
  }

  private startingCents(): number {
    return toCents(this.settings().economy.startingBalance);
  }

  /** Opens a player's account on their first join (builtin: with the starting balance). */
  async playerJoined(player: PlayerRef): Promise<void> {
    if (!this.provider()) return;
    await this.ledger.openAccount(player, this.provider() === 'builtin' ? this.startingCents() : 0, this.now());
  }

  /**
   * A player by in-game name: one who has an account here (seen in game or
   * on the web), or who has a web account. Undefined for a name never seen.
   */
  async findPlayer(name: string): Promise<PlayerRef | undefined> {
    const account = await this.ledger.accountByName(name);
    if (account) {
      const player = { name: account.name, uuid: account.uuid };
      this.playerNames.set(asciiLowerCase(name), player);
      return player;
    }
    const user = await this.store.users.findByGameUsername(name);
    return user && { name: user.gameUsername, uuid: user.gameUuid };
  }

  async requirePlayer(name: string): Promise<PlayerRef> {
    const player = await this.findPlayer(name);
    if (!player) throw notFound(`Player ${name} not found`, 'player_not_found');
    return player;
  }

  /** The balance in cents; opens the account (with the starting balance) the first time. */
  async balance(player: PlayerRef): Promise<number> {
    if (this.requireProvider() === 'vault') return this.game.require('economy').balance(player.name);
    return (await this.ledger.openAccount(player, this.startingCents(), this.now())).cents;
  }

  async history(player: PlayerRef, page: number, limit: number): Promise<{ records: LedgerRecord[]; total: number }> {
    this.requireProvider();
    return this.ledger.history(player.uuid, { offset: (page - 1) * limit, limit });
  }

  /** Moves money from one player to another: a TRANSFER record on each side. */
  transfer(from: PlayerRef, to: PlayerRef, cents: number, note: string | undefined, idempotency?: IdempotencyRequest, accountsOpen = false): Promise<Moved> {
    if (from.uuid === to.uuid) return Promise.reject(invalidField('to', 'You cannot transfer money to yourself'));
    const suffix = note ? `: ${note}` : '';
    return this.move(
      {
        plan: [
          { player: from, amount: -cents, type: 'TRANSFER', description: `Transfer to ${to.name}${suffix}`, counterparty: to },
          { player: to, amount: cents, type: 'TRANSFER', description: `Transfer from ${from.name}${suffix}`, counterparty: from },
        ],
        shortfall: transferShortfall,
        accountsOpen,
      },
      idempotency,
    );
  }

  /**
   * A transfer to the player a client named (404 when nobody has the name).
   * With the built-in economy a name looked up before is used as
   * remembered, and the posting is made only while both accounts are open
   * under the posting's names (else the name is looked up again): a look-up
   * less per transfer, and never money to a player who has given the name
   * up since. (Vault moves money by name, so it is always looked up there.)
   */
  async transferToNamed(from: PlayerRef, name: string, cents: number, note: string | undefined, idempotency?: IdempotencyRequest): Promise<{ to: PlayerRef; done: Moved }> {
    const key = asciiLowerCase(name);
    const remembered = this.provider() === 'builtin' ? this.playerNames.get(key) : undefined;
    if (remembered) {
      const done = await this.transfer(from, remembered, cents, note, idempotency, true).catch((error: unknown) => {
        if (error instanceof UnopenedAccountError) return undefined;
        throw error;
      });
      if (done) return { to: remembered, done };
      this.playerNames.delete(key);
    }
    const to = await this.requirePlayer(name);
    return { to, done: await this.transfer(from, to, cents, note, idempotency) };
  }

  /** An admin's adjustment: one ADMIN record (refused when it would leave the balance below zero). */
  async adjust(actor: Actor, player: PlayerRef, cents: number, reason: string, idempotency?: IdempotencyRequest): Promise<Moved> {
    const done = await this.move({ plan: [{ player, amount: cents, type: 'ADMIN', description: reason, actor: actor.name }], shortfall: adjustmentShortfall }, idempotency);
    if (!done.replayed && Math.abs(cents) >= this.options.largeAdjustmentCents) this.events.emit('largeAdjustment', done.records[0]!, actor);
    return done;
  }

  /** Undoes a record once, both sides of a transfer (reversals.ts). */
  reverse(actor: Actor, id: number, reason: string | undefined, idempotency?: IdempotencyRequest): Promise<Moved> {
    return reverseRecord(this, this.store.part(this.ledgerPart), this.ledgerPart, { actor, id, reason, idempotency });
  }

  /**
   * Makes a movement of money (movement.ts: plan the postings, which may
   * refuse; record what follows), once per Idempotency-Key, with the
   * provider serving now; a refusal for want of money in the movement's words.
   */
  async move<Note = void>(movement: Movement<Note>, idempotency?: IdempotencyRequest | HeldKey): Promise<Moved<Note>> {
    const provider = this.requireProvider();
    try {
      const done = await this.movements.make(provider, movement, idempotency);
      if (!done.replayed) this.events.emit('posted', done.records);
      return done;
    } catch (error) {
      throw shortfallRefusal(error, movement.shortfall, (cents) => this.formatted(cents));
    }
  }

  /** Cents as the API shows them, with the currency symbol now. */
  formatted(cents: number): string {
    return formatMoney(cents, this.settings().economy.currencySymbol);
  }

  /**
   * Inside a unit of work of the caller's (a jobs payout with the work it
   * counts): opens the accounts and posts. Builtin only; with Vault a feature
   * moves money through `move`.
   */
  postWithin(tx: TransactionalStores, postings: Posting[]): Promise<LedgerRecord[]> {
    return this.movements.posted(tx.part(this.ledgerPart), postings);
  }

  /** Refuses (400 `balance_limit`) money coming to a player past the bound, before the caller changes anything (a sale's items). Builtin only: Vault keeps its own. */
  async requireRoom(player: PlayerRef, cents: number): Promise<void> {
    if (this.requireProvider() === 'builtin') this.bound.requireRoom(player, await this.balance(player), cents);
  }

  /**
   * For a request that does more before its movement (a sale takes the items
   * in game first): the answer kept for an earlier request with this key, or
   * the work, holding the key (movement.ts).
   */
  holdingKey<T, Note>(idempotency: IdempotencyRequest | undefined, work: (held: HeldKey | undefined) => Promise<T>, replay: (kept: Moved<Note>) => Promise<T> | T): Promise<T> {
    return this.movements.holdingKey(idempotency, work, replay);
  }

  /** Whether an answer is stored under this Idempotency-Key: a payment made with it, or a unit of work that kept it (see `keepKeyWithin`). */
  async answered(key: string): Promise<boolean> {
    // A Vault claim (vault-claims.ts) is a movement begun or given up, not an answer: nothing is known paid by it.
    const stored = await this.ledger.answer(key);
    return stored !== undefined && !isVaultClaim(stored);
  }

  /**
   * Inside a caller's unit of work: stores an empty answer under `key`, so
   * that after a failure whose outcome is unknown `answered(key)` tells
   * whether the unit committed. Forgotten after a day, as every answer.
   */
  async keepKeyWithin(tx: TransactionalStores, key: string, fingerprint: string): Promise<void> {
    await tx.part(this.ledgerPart).saveAnswer(key, { fingerprint, status: 200, body: [], at: this.now().toISOString() });
  }

  /** Retention: records past `retention.transaction-days`, answers past 24 hours. */
  async deleteRecordsBefore(cutoff: Date): Promise<number> {
    return this.ledger.deleteRecordsBefore(cutoff);
  }

  async deleteAnswersBefore(cutoff: Date): Promise<number> {
    return this.ledger.deleteAnswersBefore(cutoff);
  }

  async totals(): Promise<{ accounts: number; cents: number }> {
    return this.ledger.totals();
  }

  /** Every account's player and balance in cents (the balance board's standings), read as the caller iterates. */
  balances(): Promise<Iterable<AccountBalance>> {
    return this.ledger.balances();
  }
}
