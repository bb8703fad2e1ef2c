/**
 * Money is conserved, whatever the store: players registered over HTTP,
 * random transfers, admin adjustments and reversals from many concurrent
 * clients, then every account and its whole history read from the store and
 * checked: no balance below zero, every balance its starting balance plus
 * its records, the total the starting total plus the ADMIN amounts, and
 * every transaction the API acknowledged there.
 */
import { expect } from 'chai';
import { registrationCodesPart } from '../../src/features/accounts/store.js';
import { ledgerPart } from '../../src/features/economy/store.js';
import type { LedgerRecord } from '../../src/features/economy/store.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import type { Store } from '../../src/store/port.js';
import { api } from './gatehouse.js';
import { seeded } from './seeded-random.js';

export { seeded };

export const conservationPlayers = Array.from({ length: 20 }, (_, index) => `Saver${index}`);

/** Registration codes for every player, as /register would have stored them, so a run needs no game clients. */
export async function storeCodes(store: Store): Promise<void> {
  for (const [index, player] of conservationPlayers.entries()) {
    await store.part(registrationCodesPart).replaceForPlayer({
      code: `SAVE${String(index).padStart(4, '0')}`,
      gameUsername: player,
      gameUuid: offlinePlayerUuid(player),
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
  }
}

/** Web accounts for every player (their codes stored first), logged in, their economy accounts opened; their tokens. */
export async function registerPlayers(baseUrl: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const [index, player] of conservationPlayers.entries()) {
    const username = player.toLowerCase();
    const registered = await api(baseUrl, 'POST', '/api/auth/register', {
      body: { username, password: 'password1', email: `${username}@example.com`, code: `SAVE${String(index).padStart(4, '0')}` },
    });
    if (registered.status !== 201) throw new Error(`register ${username}: ${JSON.stringify(registered.body)}`);
    tokens.push((await api(baseUrl, 'POST', '/api/auth/login', { body: { username, password: 'password1' } })).body.token);
    // Opens the account with the starting balance.
    await api(baseUrl, 'GET', '/api/economy/balance', { token: tokens.at(-1) });
  }
  return tokens;
}

/** A transfer the API acknowledged: its answer names the payer's record only; the payee's is found by its note. */
export interface AcknowledgedTransfer {
  payer: string;
  payee: string;
  /** The payer's record, as the answer gave it. */
  payerRecord: number;
  /** Unique to this transfer, so its record on the payee's side is told apart from any other of the same amount. */
  note: string;
}

export interface Acknowledged {
  /** Ids of records the API named in its answers (a transfer's payer side, adjustments, reversals). */
  ids: number[];
  /** Transfers acknowledged, whose payee side must be found too. */
  transfers: AcknowledgedTransfer[];
  /** Answers other than 200 and the expected refusals, by status (503 while the store is away, say). */
  otherStatuses: Record<number, number>;
}

export interface RandomMoves {
  operations: number;
  clients: number;
  seed: number;
  serviceToken: string;
  /** Base URLs to spread the clients over (several instances on one store); the first given to `moveMoneyAtRandom` when absent. */
  baseUrls?: string[];
  /** Stops early, without failing, once true (the process was killed). */
  stop?: () => boolean;
  /** Statuses answered now and then that are not a failure of the run (503 while the database is down). */
  tolerated?: number[];
  /** Filled as answers come (what a test reads mid-run); a new one when absent. */
  into?: Acknowledged;
}

/**
 * `operations` random transfers (80%), admin adjustments (10%) and
 * reversals (10%) from `clients` concurrent clients.
 */
export async function moveMoneyAtRandom(baseUrl: string, tokens: string[], options: RandomMoves): Promise<Acknowledged> {
  const random = seeded(options.seed);
  const acknowledged: Acknowledged = options.into ?? { ids: [], transfers: [], otherStatuses: {} };
  const seen: number[] = [];
  const baseUrls = options.baseUrls ?? [baseUrl];
  let started = 0;
  const cents = (max: number) => (1 + Math.floor(random() * max * 100)) / 100;
  const tolerate = (what: string, status: number, body: unknown) => {
    if (!options.tolerated?.includes(status)) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
    acknowledged.otherStatuses[status] = (acknowledged.otherStatuses[status] ?? 0) + 1;
  };
  const client = async (clientIndex: number) => {
    const url = baseUrls[clientIndex % baseUrls.length]!;
    while (started < options.operations && !options.stop?.()) {
      started += 1;
      const note = `move ${started}`;
      const choice = random();
      const from = Math.floor(random() * tokens.length);
      let answer: Awaited<ReturnType<typeof api>> | undefined;
      try {
        if (choice < 0.8) {
          const to = (from + 1 + Math.floor(random() * (tokens.length - 1))) % tokens.length;
          answer = await api(url, 'POST', '/api/economy/transfer', { token: tokens[from], body: { to: conservationPlayers[to], amount: cents(30), note } });
          if (answer.status === 200) {
            acknowledged.ids.push(answer.body.transaction.id);
            acknowledged.transfers.push({ payer: conservationPlayers[from]!, payee: conservationPlayers[to]!, payerRecord: answer.body.transaction.id, note });
            seen.push(answer.body.transaction.id);
          } else if (answer.body?.code !== 'insufficient_funds') tolerate('transfer', answer.status, answer.body);
        } else if (choice < 0.9) {
          const amount = random() < 0.5 ? cents(50) : -cents(50);
          answer = await api(url, 'POST', '/api/admin/economy/adjust', {
            token: options.serviceToken,
            body: { username: conservationPlayers[from], amount, reason: 'random adjustment' },
          });
          if (answer.status === 200) acknowledged.ids.push(answer.body.transaction.id);
          else if (answer.body?.code !== 'insufficient_funds') tolerate('adjust', answer.status, answer.body);
        } else if (seen.length > 0) {
          const id = seen[Math.floor(random() * seen.length)]!;
          answer = await api(url, 'POST', `/api/admin/economy/transactions/${id}/reverse`, { token: options.serviceToken, body: { reason: 'random reversal' } });
          if (answer.status === 200) acknowledged.ids.push(...answer.body.transactions.map((record: { id: number }) => record.id));
          else if (!['already_reversed', 'insufficient_funds'].includes(answer.body?.code)) tolerate('reverse', answer.status, answer.body);
        }
      } catch (error) {
        if (options.stop?.()) return;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  return acknowledged;
}

/** Reads every account and its whole history from the store and checks the sums; the number of records and accounts. */
export async function checkConservation(
  store: Store,
  acknowledged: Pick<Acknowledged, 'ids' | 'transfers'>,
  startingCents: number,
): Promise<{ records: number; accounts: number }> {
  const ledger = store.part(ledgerPart);
  let totalCents = 0;
  let adminCents = 0;
  let recordCount = 0;
  const present = new Map<number, LedgerRecord>();
  const histories = new Map<string, LedgerRecord[]>();
  for (const player of conservationPlayers) {
    const account = (await ledger.accountByName(player))!;
    expect(account, player).to.not.equal(undefined);
    expect(account.startingCents).to.equal(startingCents);
    expect(account.cents, `${player} never below zero`).to.be.at.least(0);
    const records: LedgerRecord[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await ledger.history(account.uuid, { offset, limit: 500 });
      records.push(...page.records);
      if (records.length >= page.total || page.records.length === 0) break;
    }
    records.reverse();
    let running = account.startingCents;
    for (const record of records) {
      running += record.amount;
      expect(record.balance, `${player}'s balance after record ${record.id}`).to.equal(running);
      expect(record.balance).to.be.at.least(0);
      if (record.type === 'ADMIN') adminCents += record.amount;
      present.set(record.id, record);
    }
    histories.set(player, records);
    expect(account.cents, `${player}'s balance is the sum of its records`).to.equal(running);
    totalCents += account.cents;
    recordCount += records.length;
  }
  expect(totalCents, 'the total is the starting total plus the ADMIN amounts').to.equal(startingCents * conservationPlayers.length + adminCents);
  const missing = acknowledged.ids.filter((id) => !present.has(id));
  expect(missing, 'acknowledged records missing').to.deep.equal([]);
  // Each acknowledged transfer's other side: on the payee's account, from the payer, the same amount, under the same note.
  const unpaid = acknowledged.transfers.filter(({ payer, payee, payerRecord, note }) => {
    const paid = present.get(payerRecord)!;
    const received = histories
      .get(payee)!
      .filter((record) => record.type === 'TRANSFER' && record.counterparty?.name === payer && record.amount === -paid.amount && record.description.endsWith(`: ${note}`));
    return !(paid.counterparty?.name === payee && received.length === 1);
  });
  expect(
    unpaid.map((transfer) => transfer.note),
    "acknowledged transfers without exactly one record on the payee's side",
  ).to.deep.equal([]);
  return { records: recordCount, accounts: conservationPlayers.length };
}
