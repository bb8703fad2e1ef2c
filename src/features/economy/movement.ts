/**
 * A movement of money, in two named phases, and how one is made.
 *
 * 1. `plan`: the postings (a line per account), given, or worked out inside
 *    the unit of work from what they depend on (a price from the stock read
 *    there). Throwing refuses the movement: nothing is written, nothing moves.
 * 2. `record`: in the unit of work that writes the postings to the ledger,
 *    the writes that follow from them (the stock taken, a delivery).
 *    Throwing undoes the whole movement, Vault's too. What it returns is kept
 *    with the records as the answer to a repeat of the request.
 *
 * With Gatehouse's own ledger (builtin) the plan, the balances, the records,
 * `record` and the kept answer are one unit of work: all of it or nothing,
 * and units that touch the same accounts run one after another, so the same
 * money is never spent twice. A movement with its postings given and
 * nothing to record needs no unit around it: the ledger applies it whole or
 * not at all by itself (on PostgreSQL in one statement with the postings
 * made meanwhile, rather than BEGIN, the posting and COMMIT: see
 * postgres-posting-batches.ts), and under an Idempotency-Key the key's
 * claim, the posting and its records kept as the key's answer are that same
 * one write (`LedgerStore.postOnce`). In a unit of work, the key is claimed
 * first (a replay plans nothing), and its answer kept with the posting;
 * only a note from `record` is written after it.
 *
 * With Vault the game moves the money, between two units. The first plans
 * and claims the Idempotency-Key for the whole network (vault-claims.ts);
 * then the game moves the money, withdrawals first (vault-moves.ts); the
 * second writes the ledger with the balances Vault reported, and records. So
 * `record` checks again what may have changed in between (another reversal,
 * the stock), and when it or the unit fails the game's movement is put
 * back: Vault never keeps a movement the ledger does not have. A caller
 * whose plan depends on what another request could change in between (a
 * price) takes turns with those requests itself.
 *
 * One request at a time per Idempotency-Key: a repeat sent while the first
 * is answered waits for it, then gets its answer.
 */
import { conflict } from '../../errors.js';
import type { GamePort } from '../../game/port.js';
import type { IdempotencyRequest } from '../../http/idempotency.js';
import { KeyedLock } from '../../lib/keyed-lock.js';
import type { Store, StorePart, TransactionalStores } from '../../store/port.js';
import type { MoneyBound } from './bound.js';
import type { DescribeShortfall } from './shortfall.js';
import type { LedgerRecord, LedgerStore, Posting, PostedOnce, StoredAnswer } from './store.js';
import { isVaultClaim, VaultKeyClaims } from './vault-claims.js';
import { VaultMoves, type VaultMoveOptions } from './vault-moves.js';

export interface Movement<Note = void> {
  /** Phase 1: the postings, or how to work them out in the unit of work; throws to refuse. */
  plan: Posting[] | ((tx: TransactionalStores) => Promise<Posting[]>);
  /** Phase 2: in the unit that writes the postings, what follows from them; answers what a repeat of the request needs besides the records (JSON). */
  record?: (tx: TransactionalStores, posted: LedgerRecord[]) => Promise<Note>;
  /** How a refusal for want of money is worded for this movement (else a bare "Insufficient funds"). */
  shortfall?: DescribeShortfall;
  /**
   * Builtin only: every player's account is open under the name its posting
   * gives (a name remembered, see `transferToNamed`); otherwise the movement
   * is refused with UnopenedAccountError, and no account is opened or renamed.
   */
  accountsOpen?: boolean;
}

/** A movement made, or the answer kept for an earlier request with the same Idempotency-Key. */
export interface Moved<Note = void> {
  records: LedgerRecord[];
  /** True when this is the kept answer of an earlier request with the same key: nothing moved now. */
  replayed: boolean;
  /** What `record` answered (for a replay, what it answered the first time). */
  note?: Note;
}

/** An Idempotency-Key the request already holds (see `holdingKey`): a movement under it does not wait for the key again. */
export interface HeldKey extends IdempotencyRequest {
  readonly held: true;
}

/** What reversals need of the economy service: its provider check and a movement. */
export interface MovesMoney {
  requireProvider(): unknown;
  move<Note = void>(movement: Movement<Note>, idempotency?: IdempotencyRequest): Promise<Moved<Note>>;
}

export class MoneyMovements {
  /** Keys in use by a request being answered now, so a concurrent repeat waits for its answer. */
  private readonly heldKeys = new KeyedLock();
  private readonly vaultMoves: VaultMoves;
  private readonly vaultKeys: VaultKeyClaims;

  constructor(
    private readonly store: Store,
    private readonly ledgerPart: StorePart<LedgerStore>,
    private readonly game: GamePort,
    private readonly bound: MoneyBound,
    private readonly startingCents: () => number,
    vault: VaultMoveOptions,
    private readonly now: () => Date,
  ) {
    this.vaultMoves = new VaultMoves(vault);
    this.vaultKeys = new VaultKeyClaims(store, ledgerPart, now);
  }

  /** Stops settling Vault movements whose answers were lost (what is left unsettled is logged as it gives up). */
  stop(): void {
    this.vaultMoves.stop();
  }

  /** Makes the movement once per Idempotency-Key, in the ledger (builtin) or through Vault. */
  make<Note>(provider: 'builtin' | 'vault', movement: Movement<Note>, idempotency: IdempotencyRequest | HeldKey | undefined): Promise<Moved<Note>> {
    const make = () => (provider === 'builtin' ? this.inLedger(movement, idempotency) : this.throughVault(movement, idempotency));
    return idempotency && 'held' in idempotency ? make() : this.oneAtATime(idempotency, make);
  }

  private async inLedger<Note>(movement: Movement<Note>, idempotency: IdempotencyRequest | undefined): Promise<Moved<Note>> {
    const { plan, record, accountsOpen = false } = movement;
    if (!record && Array.isArray(plan)) {
      // Postings given and nothing to record: no unit of work. Under a key, its claim, the posting and its answer are one
      // write; only a Vault claim left under the key (the provider changed since) needs the unit, which replaces it.
      const ledger = this.store.part(this.ledgerPart);
      if (!idempotency) return { records: await this.posted(ledger, plan, accountsOpen), replayed: false };
      const once = await this.postedOnce<Note>(ledger, plan, accountsOpen, idempotency);
      if (once) return once;
    }
    return this.store.transaction(async (tx) => {
      const ledger = tx.part(this.ledgerPart);
      const kept = await this.keptAnswer<Note>(ledger, idempotency);
      if (kept) return kept;
      const postings = await planned(movement, tx);
      // Under a key, the records are kept as its answer with the posting; a note from `record` joins them after.
      const once = idempotency && (await this.postedOnce<Note>(ledger, postings, accountsOpen, idempotency));
      if (once?.replayed) return once;
      const posted = once ? once.records : await this.posted(ledger, postings, accountsOpen);
      const note = await record?.(tx, posted);
      if (!once || note !== undefined) await this.keepAnswer(ledger, idempotency, posted, note);
      return { records: posted, replayed: false, note };
    });
  }

  /**
   * The posting made under the key, its records kept as the key's answer in
   * the same write; or the answer kept under it already, as a replay (409
   * for another request's). Undefined, with nothing posted, when what is kept
   * under the key is a Vault claim (vault-claims.ts), not an answer.
   */
  private async postedOnce<Note>(ledger: LedgerStore, postings: Posting[], accountsOpen: boolean, idempotency: IdempotencyRequest): Promise<Moved<Note> | undefined> {
    this.bound.checkAmounts(postings);
    let done: PostedOnce;
    try {
      done = await ledger.postOnce(postings, this.now(), idempotency, accountsOpen ? undefined : this.startingCents());
    } catch (error) {
      throw this.bound.refusalOf(error);
    }
    if ('records' in done) return { records: done.records, replayed: false };
    return isVaultClaim(done.kept) ? undefined : replayOf<Note>(done.kept, idempotency);
  }

  private async throughVault<Note>(movement: Movement<Note>, idempotency: IdempotencyRequest | undefined): Promise<Moved<Note>> {
    const claim = await this.vaultKeys.begin(
      idempotency,
      (tx) => planned(movement, tx),
      (tx) => this.keptAnswer<Note>(tx.part(this.ledgerPart), idempotency),
    );
    if ('replay' in claim) return claim.replay;
    const { postings } = claim;
    const vault = await (async () => {
      // Vault keeps its balances itself; what Gatehouse bounds there is each amount it moves.
      this.bound.checkAmounts(postings);
      return this.vaultMoves.move(this.game.require('economy'), postings, claim.operation);
    })().catch(async (error: unknown) => {
      await this.vaultKeys.release(idempotency, claim);
      throw error;
    });
    try {
      return await this.store.transaction(async (tx) => {
        const ledger = tx.part(this.ledgerPart);
        // Vault keeps the balances: an account opened here starts at 0 and takes the balance Vault reported.
        const posted = await ledger.openAndPost(
          postings.map((posting, index) => ({ ...posting, externalBalance: vault.balances[index] })),
          0,
          this.now(),
        );
        const note = await movement.record?.(tx, posted);
        await this.keepAnswer(ledger, idempotency, posted, note);
        return { records: posted, replayed: false, note };
      });
    } catch (error) {
      await vault.undo();
      await this.vaultKeys.release(idempotency, claim);
      throw error;
    }
  }

  /**
   * Opens the players' accounts as needed (unless they must be open
   * already, `accountsOpen`) and posts, refused with nothing written for want
   * of money or past the bound.
   */
  async posted(ledger: LedgerStore, postings: Posting[], accountsOpen = false): Promise<LedgerRecord[]> {
    this.bound.checkAmounts(postings);
    try {
      return await (accountsOpen ? ledger.post(postings, this.now()) : ledger.openAndPost(postings, this.startingCents(), this.now()));
    } catch (error) {
      throw this.bound.refusalOf(error);
    }
  }

  /**
   * For a request that does more before its movement (a sale takes the items
   * in game first): the answer kept for an earlier request with this key
   * (409 when the key came with another request), doing nothing; or the
   * work, holding the key so that a repeat sent meanwhile waits for it. The
   * work makes its movement under the held key it is given.
   */
  holdingKey<T, Note>(idempotency: IdempotencyRequest | undefined, work: (held: HeldKey | undefined) => Promise<T>, replay: (kept: Moved<Note>) => Promise<T> | T): Promise<T> {
    return this.oneAtATime(idempotency, async () => {
      const kept = idempotency && (await this.store.transaction((tx) => this.keptAnswer<Note>(tx.part(this.ledgerPart), idempotency)));
      return kept ? replay(kept) : work(idempotency && { ...idempotency, held: true });
    });
  }

  /** One request at a time per key: a concurrent repeat waits, then finds the first one's answer. */
  private oneAtATime<T>(idempotency: IdempotencyRequest | undefined, work: () => Promise<T>): Promise<T> {
    return idempotency ? this.heldKeys.run(idempotency.key, work) : work();
  }

  /** The answer kept for the key, as a replay; 409 when the key came with another request. */
  private async keptAnswer<Note>(ledger: LedgerStore, idempotency: IdempotencyRequest | undefined): Promise<Moved<Note> | undefined> {
    if (!idempotency) return undefined;
    const kept = await ledger.answer(idempotency.key);
    if (!kept || isVaultClaim(kept)) return undefined;
    return replayOf<Note>(kept, idempotency);
  }

  private async keepAnswer(ledger: LedgerStore, idempotency: IdempotencyRequest | undefined, posted: LedgerRecord[], note: unknown): Promise<void> {
    if (!idempotency) return;
    const body = note === undefined ? posted : { records: posted, note };
    await ledger.saveAnswer(idempotency.key, { fingerprint: idempotency.fingerprint, status: 200, body, at: this.now().toISOString() });
  }
}

/** A kept answer as the replay of a request with its key; 409 when the key came with another request. */
function replayOf<Note>(kept: StoredAnswer, idempotency: IdempotencyRequest): Moved<Note> {
  if (kept.fingerprint !== idempotency.fingerprint) {
    throw conflict('This Idempotency-Key was used with another request; use a new key for a new request', 'idempotency_key_reused');
  }
  // The body is the records, or the records with `record`'s note.
  if (Array.isArray(kept.body)) return { records: kept.body as LedgerRecord[], replayed: true };
  const { records, note } = kept.body as { records: LedgerRecord[]; note: Note };
  return { records, replayed: true, note };
}

/** The movement's postings: given, or worked out in the unit. */
function planned(movement: Movement<unknown>, tx: TransactionalStores): Promise<Posting[]> {
  return typeof movement.plan === 'function' ? movement.plan(tx) : Promise.resolve(movement.plan);
}
