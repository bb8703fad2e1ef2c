/**
 * The bound on balances and amounts (100,000,000,000.00, 10^13 cents, so
 * that every sum stays exact in a double), checked over HTTP the same way on
 * each store: what would pass it is refused with a 400 naming the field or
 * the balance, and nothing changes after a refusal.
 */
import { expect } from 'chai';
import type { api } from './gatehouse.js';

type Answer = Awaited<ReturnType<typeof api>>;
/** Calls the API as the bearer of `token`; tests on two instances may spread the calls over both. */
export type CallAs = (token: string, method: string, urlPath: string, body?: unknown) => Promise<Answer>;

export const maximumBalance = 100_000_000_000;

/** `payer` and `payee` are fresh players with `starting` each; `admin` a token that may adjust and reverse. */
export async function expectBalancesBounded(
  call: CallAs,
  admin: string,
  payer: { token: string; name: string },
  payee: { token: string; name: string },
  starting: number,
  symbol: string,
): Promise<void> {
  const balanceOf = async (name: string) => (await call(admin, 'GET', `/api/economy/balance?username=${name}`)).body.balance as number;
  const recordsOf = async (name: string) => (await call(admin, 'GET', `/api/economy/history?username=${name}`)).body.pagination.total as number;
  const state = async () => ({
    payer: await balanceOf(payer.name),
    payee: await balanceOf(payee.name),
    payerRecords: await recordsOf(payer.name),
    payeeRecords: await recordsOf(payee.name),
  });
  const adjust = (name: string, amount: number) => call(admin, 'POST', '/api/admin/economy/adjust', { username: name, amount, reason: 'bound test' });

  // A transfer made before the payer is filled to the maximum, to reverse later.
  const early = await call(payer.token, 'POST', '/api/economy/transfer', { to: payee.name, amount: 10 });
  expect(early.status, JSON.stringify(early.body)).to.equal(200);
  const filled = await adjust(payer.name, maximumBalance - (starting - 10));
  expect(filled.status, JSON.stringify(filled.body)).to.equal(200);
  expect(filled.body.balance, 'exactly at the maximum is allowed').to.equal(maximumBalance);
  const atMaximum = await state();

  const refusals: Array<[string, () => Promise<Answer>, string, RegExp]> = [
    ['one cent past the maximum', () => adjust(payer.name, 0.01), 'balance_limit', new RegExp(`${payer.name}'s balance would pass the maximum of \\${symbol}100,000,000,000\\.00`)],
    ['an adjustment above the maximum amount', () => adjust(payee.name, 1_000_000_000_000), 'invalid_field', /^amount must be at most 100000000000/],
    ['a negative adjustment below minus the maximum amount', () => adjust(payer.name, -100_000_000_000.01), 'invalid_field', /^amount must be at least -100000000000/],
    [
      'a transfer above the maximum amount',
      () => call(payer.token, 'POST', '/api/economy/transfer', { to: payee.name, amount: 100_000_000_000.01 }),
      'invalid_field',
      /^amount must be at most 100000000000/,
    ],
    [
      'a transfer that would fill the payee past the maximum',
      () => call(payer.token, 'POST', '/api/economy/transfer', { to: payee.name, amount: maximumBalance }),
      'balance_limit',
      new RegExp(`${payee.name}'s balance would pass the maximum`),
    ],
    [
      'a reversal that would give the payer back what takes them past it',
      () => call(admin, 'POST', `/api/admin/economy/transactions/${early.body.transaction.id}/reverse`, {}),
      'balance_limit',
      new RegExp(`${payer.name}'s balance would pass the maximum`),
    ],
  ];
  for (const [what, ask, code, message] of refusals) {
    const answer = await ask();
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).to.equal(400);
    expect(answer.body.code, what).to.equal(code);
    expect(answer.body.error, what).to.match(message);
    expect(await state(), `nothing changed after ${what}`).to.deep.equal(atMaximum);
  }
  // Still exact at the bound: one cent taken and given back is seen both times.
  expect((await adjust(payer.name, -0.01)).body.balance).to.equal(maximumBalance - 0.01);
  expect((await adjust(payer.name, 0.01)).body.balance).to.equal(maximumBalance);
  // The reversal refused above is still possible once the balance has room.
  expect((await adjust(payer.name, -10)).status).to.equal(200);
  const reversed = await call(admin, 'POST', `/api/admin/economy/transactions/${early.body.transaction.id}/reverse`, {});
  expect(reversed.status, JSON.stringify(reversed.body)).to.equal(200);
  expect(await balanceOf(payer.name)).to.equal(maximumBalance);
}
