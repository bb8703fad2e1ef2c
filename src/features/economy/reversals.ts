/**
 * Reversing a record, once: an ADMIN record of the opposite amount, naming
 * it. A transfer is undone on both sides (the money goes back), so reversing
 * either of its records reverses the pair. A reversal is not itself
 * reversible (adjust instead).
 */
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Actor } from '../../http/caller.js';
import type { IdempotencyRequest } from '../../http/idempotency.js';
import type { StorePart } from '../../store/port.js';
import type { Moved, MovesMoney } from './movement.js';
import { reversalShortfall } from './shortfall.js';
import type { LedgerRecord, LedgerStore } from './store.js';

export async function reverseRecord(
  economy: MovesMoney,
  ledger: LedgerStore,
  ledgerPart: StorePart<LedgerStore>,
  { actor, id, reason, idempotency }: { actor: Actor; id: number; reason: string | undefined; idempotency?: IdempotencyRequest },
): Promise<Moved> {
  economy.requireProvider();
  const original = await ledger.record(id);
  if (!original) throw notFound(`Transaction ${id} not found`, 'transaction_not_found');
  if (original.reverses !== undefined) throw badRequest(`Transaction ${id} is itself a reversal; adjust the balance instead`, 'not_reversible');
  const records = [original];
  if (original.type === 'TRANSFER') {
    const other = await transferPartner(ledger, original);
    if (other) records.push(other);
  }
  const why = reason ? `: ${reason}` : '';
  return economy.move(
    {
      shortfall: reversalShortfall,
      // Refused when a reversal got there first; else the opposite of each record.
      plan: async (tx) => {
        await refuseIfReversed(tx.part(ledgerPart), records);
        return records.map((record) => ({
          player: record.player,
          amount: -record.amount,
          type: 'ADMIN' as const,
          description: `Reversal of transaction ${record.id}${why}`,
          reverses: record.id,
          actor: actor.name,
        }));
      },
      // Through Vault the plan and the record are two units with the game's movement between them: checked again where
      // the reversal is recorded, so a second reversal that got past the first check undoes its movement.
      record: async (tx, posted) => {
        await refuseIfReversed(tx.part(ledgerPart), records);
        await tx.part(ledgerPart).markReversed(
          records.map((record) => record.id),
          posted[0]!.id,
        );
      },
    },
    idempotency,
  );
}

async function refuseIfReversed(ledger: LedgerStore, records: LedgerRecord[]): Promise<void> {
  for (const record of records) {
    const by = await ledger.reversalOf(record.id);
    if (by !== undefined) throw conflict(`Transaction ${record.id} was already reversed by transaction ${by}`, 'already_reversed');
  }
}

/**
 * The other side of a transfer: the counterparty's record written in the
 * same unit. `transfer` posts the payer's record and then the payee's, so
 * the payer's partner is the next id and the payee's the previous one (two
 * equal transfers in the same millisecond sit side by side, so looking both
 * ways could pair the wrong two).
 */
async function transferPartner(ledger: LedgerStore, record: LedgerRecord): Promise<LedgerRecord | undefined> {
  const candidate = await ledger.record(record.amount < 0 ? record.id + 1 : record.id - 1);
  const partner =
    candidate?.type === 'TRANSFER' && candidate.timestamp === record.timestamp && candidate.player.uuid === record.counterparty?.uuid && candidate.amount === -record.amount;
  return partner ? candidate : undefined;
}
