/**
 * Idempotency-Keys of money moved through the game's economy (Vault), held
 * network-wide. With Vault the money moves in the game between two units of
 * work, so the stored answer alone (written by the second) cannot stop the
 * same key, sent to another instance meanwhile, from moving it again. So the
 * first unit claims the key in the store, in the ledger's answers where the
 * builtin ledger keeps its keys (PostgreSQL locks the key while a unit reads
 * it, so two instances take turns): a claim names the movement's operation
 * id and postings. Another request with the key waits for the claim to turn
 * into the answer; a failed movement releases it; and a claim left by an
 * instance that died is taken over after `staleAfterMs`: the movement is
 * asked again under the same operation id, which the plugin answers from its
 * journal, so it is recorded once, never moved twice.
 */
import { randomUUID } from 'node:crypto';
import { conflict } from '../../errors.js';
import type { IdempotencyRequest } from '../../http/idempotency.js';
import type { Store, StorePart, TransactionalStores } from '../../store/port.js';
import type { LedgerStore, Posting, StoredAnswer } from './store.js';

/** The status of a stored answer that is a claim: the movement is under way. */
const claimStatus = 202;

interface ClaimBody {
  vaultClaim: { operation: string; postings: Posting[]; released?: true };
}

export interface VaultClaim {
  operation: string;
  postings: Posting[];
}

/** Whether a stored answer is a claim (under way, or released), not an answer. */
export function isVaultClaim(stored: StoredAnswer): boolean {
  return stored.status === claimStatus && typeof stored.body === 'object' && stored.body !== null && 'vaultClaim' in stored.body;
}

export interface VaultClaimOptions {
  /** A claim older than this was left by an instance that died: taken over (default 2 minutes, far longer than a movement takes). */
  staleAfterMs?: number;
  /** How long a request waits for another's claim before answering 409 (default 30 s). */
  waitForMs?: number;
}

export class VaultKeyClaims {
  constructor(
    private readonly store: Store,
    private readonly ledgerPart: StorePart<LedgerStore>,
    private readonly now: () => Date,
    private readonly options: VaultClaimOptions = {},
  ) {}

  /**
   * The stored answer of the key (a replay), or the movement to make: a new
   * one (`plan` in the unit that claims the key), or the one a dead
   * instance's claim names.
   */
  async begin<Replay>(
    idempotency: IdempotencyRequest | undefined,
    plan: (tx: TransactionalStores) => Promise<Posting[]>,
    replayOf: (tx: TransactionalStores) => Promise<Replay | undefined>,
  ): Promise<{ replay: Replay } | VaultClaim> {
    const giveUpAt = Date.now() + (this.options.waitForMs ?? 30_000);
    for (;;) {
      const step = await this.store.transaction(async (tx) => {
        const ledger = tx.part(this.ledgerPart);
        const stored = idempotency && (await ledger.answer(idempotency.key));
        if (stored && !isVaultClaim(stored)) {
          const replay = await replayOf(tx);
          if (replay) return { replay };
        }
        const claimed = stored && (stored.body as ClaimBody).vaultClaim;
        if (stored && claimed && !claimed.released) {
          if (stored.fingerprint !== idempotency!.fingerprint)
            throw conflict('This Idempotency-Key was used with another request; use a new key for a new request', 'idempotency_key_reused');
          if (this.now().getTime() - Date.parse(stored.at) < (this.options.staleAfterMs ?? 120_000)) return 'wait' as const;
          await this.save(tx, idempotency!, claimed);
          return { operation: claimed.operation, postings: claimed.postings };
        }
        const claim = { operation: randomUUID(), postings: await plan(tx) };
        if (idempotency) await this.save(tx, idempotency, claim);
        return claim;
      });
      if (step !== 'wait') return step;
      if (Date.now() >= giveUpAt) throw conflict('A request with this Idempotency-Key is still being answered on another server; try again shortly', 'idempotency_key_in_use');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** After a movement that failed: the key is free again, for a retry to move the money afresh. */
  async release(idempotency: IdempotencyRequest | undefined, claim: VaultClaim): Promise<void> {
    if (!idempotency) return;
    await this.store.transaction((tx) => this.save(tx, idempotency, { ...claim, released: true }));
  }

  private async save(tx: TransactionalStores, idempotency: IdempotencyRequest, claim: ClaimBody['vaultClaim']): Promise<void> {
    const body: ClaimBody = { vaultClaim: claim };
    await tx.part(this.ledgerPart).saveAnswer(idempotency.key, { fingerprint: idempotency.fingerprint, status: claimStatus, body, at: this.now().toISOString() });
  }
}
