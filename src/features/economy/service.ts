import { EventEmitter } from 'node:events';
import { ApiError, invalidField, conflict, notFound } from '../../errors.js';
import type { GamePort, PlayerRef } from '../../game/port.js';
import type { Actor } from '../../http/caller.js';
import type { ServerSettings } from '../../config/server-settings.js';
import type { Store, StorePart, TransactionalStores } from '../../store/port.js';
import { UnopenedAccountError, type AccountBalance, type LedgerRecord, type LedgerStore, type Posting } from './store.js';
import { MoneyBound } from './bound.js';
import { formatMoney, toCents } from '../common/money.js';
import type { IdempotencyRequest, MoveOptions, Once } from './movement.js';
import { reverseRecord } from './reversals.js';
import { adjustmentShortfall, transferShortfall, worded } from './shortfall.js';
import { isVaultClaim, VaultKeyClaims } from './vault-claims.js';
import { VaultMoves, type VaultMoveOptions } from './vault-moves.js';
import { asciiLowerCase } from '../../lib/ascii.js';
import { Cache } from '../../lib/cache.js';
import { KeyedLock } from '../../lib/keyed-lock.js';

export type ProviderSetting = 'auto' | 'builtin' | 'vault' | 'none';
export type ProviderName = 'builtin' | 'vault';

export interface EconomyOptions {
  provider: ProviderSetting;
  /** Admin adjustments of at least this many cents (either way) are posted to the chat webhook. */
  largeAdjustmentCents: number;
  /** Money moved through Vault whose answers were lost: how it is settled, and where what cannot be is told. */
  vault: VaultMoveOptions;
}

export type { IdempotencyRequest, MoveOptions, Once } from './movement.js';

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
 */
export class EconomyService {
  readonly events = new EventEmitter<{ posted: [LedgerRecord[]]; largeAdjustment: [LedgerRecord, Actor] }>();
  /** Keys in use by a request being answered now, so a concurrent repeat waits for its answer. */
  private readonly heldKeys = new KeyedLock();
  private lastDecision: ProviderName | undefined;
  private readonly vaultMoves: VaultMoves;
  /** The bound on balances and amounts (maxCents). */
  readonly bound: MoneyBound;
  private readonly vaultKeys: VaultKeyClaims;
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
    this.vaultMoves = new VaultMoves(options.vault);
    this.bound = new MoneyBound(
      ledgerPart,
      (cents) => this.formatted(cents),
      () => this.startingCents(),
    );
    this.vaultKeys = new VaultKeyClaims(store, ledgerPart, now);
  }

  /** Stops settling Vault steps whose answers were lost (what is left unsettled is logged as it gives up). */
  stop(): void {
    this.vaultMoves.stop();
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
  transfer(from: PlayerRef, to: PlayerRef, cents: number, note: string | undefined, idempotency?: IdempotencyRequest, accountsOpen = false): Promise<Once<LedgerRecord[]>> {
    if (from.uuid === to.uuid) return Promise.reject(invalidField('to', 'You cannot transfer money to yourself'));
    const suffix = note ? `: ${note}` : '';
    return this.move(
      [
        { player: from, amount: -cents, type: 'TRANSFER', description: `Transfer to ${to.name}${suffix}`, counterparty: to },
        { player: to, amount: cents, type: 'TRANSFER', description: `Transfer from ${from.name}${suffix}`, counterparty: from },
      ],
      idempotency,
      { shortfall: transferShortfall, accountsOpen },
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
  async transferToNamed(
    from: PlayerRef,
    name: string,
    cents: number,
    note: string | undefined,
    idempotency?: IdempotencyRequest,
  ): Promise<{ to: PlayerRef; done: Once<LedgerRecord[]> }> {
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
  async adjust(actor: Actor, player: PlayerRef, cents: number, reason: string, idempotency?: IdempotencyRequest): Promise<Once<LedgerRecord[]>> {
    const done = await this.move([{ player, amount: cents, type: 'ADMIN', description: reason, actor: actor.name }], idempotency, { shortfall: adjustmentShortfall });
    if (!done.replayed && Math.abs(cents) >= this.options.largeAdjustmentCents) this.events.emit('largeAdjustment', done.result[0]!, actor);
    return done;
  }

  /** Undoes a record once, both sides of a transfer (reversals.ts). */
  reverse(actor: Actor, id: number, reason: string | undefined, idempotency?: IdempotencyRequest): Promise<Once<LedgerRecord[]>> {
    return reverseRecord(this, this.store.part(this.ledgerPart), this.ledgerPart, { actor, id, reason, idempotency });
  }

  /**
   * Posts a movement of money, once per Idempotency-Key. `postings` may be
   * worked out inside the unit (a purchase priced from the stock it reads
   * there). With the builtin provider it is one unit of work: the check of
   * the key, `check`, the accounts, the balances, the records, `after` and
   * the stored answer, all or nothing. With Vault, `check` and the postings
   * come from a unit first, which also claims the Idempotency-Key for the
   * whole network (vault-claims.ts), the game moves the money (withdrawals before
   * deposits), and a second unit records it with `after`; if that unit
   * fails, the game's movements are undone, so Vault never keeps a movement
   * the ledger does not have. A caller whose postings depend on what another
   * request could change between the two units (stock) holds a lock of its
   * own around the call.
   */
  async move(
    postings: Posting[] | ((tx: TransactionalStores) => Promise<Posting[]>),
    idempotency: IdempotencyRequest | undefined,
    options: MoveOptions = {},
  ): Promise<Once<LedgerRecord[]>> {
    const { check, after, note, accountsOpen = false } = options;
    const provider = this.requireProvider();
    const plan = async (tx: TransactionalStores) => {
      await check?.(tx);
      return typeof postings === 'function' ? postings(tx) : postings;
    };
    const once = options.keyHeld ? <T>(_key: unknown, work: () => Promise<T>) => work() : this.once.bind(this);
    return once(idempotency, async () => {
      if (provider === 'builtin') {
        // A posting that goes with nothing else needs no unit of work around it: the ledger applies it whole or not at
        // all by itself (on PostgreSQL in one statement with the postings made meanwhile, rather than BEGIN, the posting
        // and COMMIT: see postgres-posting-batches.ts).
        if (!idempotency && !check && !after && Array.isArray(postings)) return { result: await this.posted(this.ledger, postings, accountsOpen), replayed: false };
        return this.store.transaction(async (tx) => {
          const replay = await this.storedAnswer(tx, idempotency);
          if (replay) return replay;
          const posted = await this.posted(tx.part(this.ledgerPart), await plan(tx), accountsOpen);
          await after?.(tx, posted);
          await this.saveAnswer(tx, idempotency, posted, note);
          return { result: posted, replayed: false };
        });
      }
      const claim = await this.vaultKeys.begin(idempotency, plan, (tx) => this.storedAnswer(tx, idempotency));
      if ('replay' in claim) return claim.replay;
      const planned = claim.postings;
      const vault = await (async () => {
        // Vault keeps its balances itself; what Gatehouse bounds there is each amount it moves.
        this.bound.checkAmounts(planned);
        return this.vaultMoves.move(this.game.require('economy'), planned, claim.operation);
      })().catch(async (error: unknown) => {
        await this.vaultKeys.release(idempotency, claim);
        throw error;
      });
      try {
        return await this.store.transaction(async (tx) => {
          // Vault keeps the balances: an account opened here starts at 0 and takes the balance Vault reported.
          const posted = await tx.part(this.ledgerPart).openAndPost(
            planned.map((posting, index) => ({ ...posting, externalBalance: vault.balances[index] })),
            0,
            this.now(),
          );
          await after?.(tx, posted);
          await this.saveAnswer(tx, idempotency, posted, note);
          return { result: posted, replayed: false };
        });
      } catch (error) {
        await vault.undo();
        await this.vaultKeys.release(idempotency, claim);
        throw error;
      }
    }).then(
      (done) => {
        if (!done.replayed) this.events.emit('posted', done.result);
        return done;
      },
      (error: unknown) => Promise.reject(worded(error, options.shortfall, (cents) => this.formatted(cents))),
    );
  }

  /** Cents as the API shows them, with the currency symbol now. */
  formatted(cents: number): string {
    return formatMoney(cents, this.settings().economy.currencySymbol);
  }

  /**
   * Inside a unit of work of the caller's (a purchase with its delivery, a
   * reward): opens the accounts and posts. Builtin only; with Vault a
   * feature moves money through `move`.
   */
  postWithin(tx: TransactionalStores, postings: Posting[]): Promise<LedgerRecord[]> {
    return this.posted(tx.part(this.ledgerPart), postings);
  }

  /**
   * Opens the players' accounts as needed (unless they must be open
   * already, `accountsOpen`) and posts, refused with nothing written for want
   * of money or past the bound.
   */
  private async posted(ledger: LedgerStore, postings: Posting[], accountsOpen = false): Promise<LedgerRecord[]> {
    this.bound.checkAmounts(postings);
    try {
      return await (accountsOpen ? ledger.post(postings, this.now()) : ledger.openAndPost(postings, this.startingCents(), this.now()));
    } catch (error) {
      throw this.bound.refusalOf(error);
    }
  }

  /** Refuses (400 `balance_limit`) money coming to a player past the bound, before the caller changes anything (a sale's items). Builtin only: Vault keeps its own. */
  async requireRoom(player: PlayerRef, cents: number): Promise<void> {
    if (this.requireProvider() === 'builtin') this.bound.requireRoom(player, await this.balance(player), cents);
  }

  private async storedAnswer(tx: TransactionalStores, idempotency: IdempotencyRequest | undefined): Promise<Once<LedgerRecord[]> | undefined> {
    if (!idempotency) return undefined;
    const stored = await tx.part(this.ledgerPart).answer(idempotency.key);
    if (!stored || isVaultClaim(stored)) return undefined;
    if (stored.fingerprint !== idempotency.fingerprint) {
      throw conflict('This Idempotency-Key was used with another request; use a new key for a new request', 'idempotency_key_reused');
    }
    // The body is the records, or the records with the caller's note.
    if (Array.isArray(stored.body)) return { result: stored.body as LedgerRecord[], replayed: true };
    const { records, note } = stored.body as { records: LedgerRecord[]; note: unknown };
    return { result: records, replayed: true, note };
  }

  private async saveAnswer(tx: TransactionalStores, idempotency: IdempotencyRequest | undefined, posted: LedgerRecord[], note?: unknown): Promise<void> {
    if (!idempotency) return;
    const body = note === undefined ? posted : { records: posted, note };
    await tx.part(this.ledgerPart).saveAnswer(idempotency.key, { fingerprint: idempotency.fingerprint, status: 200, body, at: this.now().toISOString() });
  }

  /**
   * For work that ends in `move` but does more before it (a sale takes items
   * in game first): the stored answer of an earlier request with this key
   * (409 when the key came with another request) without doing anything, or
   * the work, with the key held so a concurrent repeat waits for it. The
   * work passes `keyHeld: true` to `move`.
   */
  async holdingKey<T>(idempotency: IdempotencyRequest | undefined, work: () => Promise<T>, replay: (done: Once<LedgerRecord[]>) => Promise<T> | T): Promise<T> {
    return this.once(idempotency, async () => {
      const stored = idempotency && (await this.store.transaction((tx) => this.storedAnswer(tx, idempotency)));
      return stored ? replay(stored) : work();
    });
  }

  /** One request at a time per key: a concurrent repeat waits, then finds the first one's answer. */
  private once<T>(idempotency: IdempotencyRequest | undefined, work: () => Promise<T>): Promise<T> {
    return idempotency ? this.heldKeys.run(idempotency.key, work) : work();
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
