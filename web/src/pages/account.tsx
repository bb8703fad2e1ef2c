/**
 * The player's own account: who they are, their balance as the server writes
 * it, the balance over time, their history a page at a time, and a transfer
 * to another player. A transfer carries an Idempotency-Key made once for
 * what is being sent, so a double click or a retry after a lost answer moves
 * the money once; a new key is made only when the transfer itself changes.
 */
import { useRef, useState } from 'preact/hooks';
import { api, data, Problem } from '../api.js';
import { TimeChart } from '../parts/chart.js';
import { useMoney } from '../parts/currency.js';
import { Field } from '../parts/field.js';
import { fieldError, unplacedProblem, useFocusOnRefusal } from '../parts/form-problem.js';
import { useIdempotencyKey } from '../parts/idempotency.js';
import { useLoad, usePolling } from '../parts/load.js';
import { formatTime } from '../parts/money.js';
import { TableScroll } from '../parts/table-scroll.js';
import { ProblemNotice, Success } from '../parts/notice.js';
import { Pager } from '../parts/pager.js';

const historyPageSize = 10;
/** The chart draws the last this-many movements (the history's largest page). */
const chartedMovements = 200;

const typeNames: Record<string, string> = {
  TRANSFER: 'Transfer',
  ADMIN: 'By an admin',
  PURCHASE: 'Purchase',
  SALE: 'Sale',
  REWARD: 'Reward',
};

export function AccountPage() {
  const money = useMoney();
  const [page, setPage] = useState(1);
  const me = useLoad(() => data(api.request('get', '/api/auth/me')), []);
  const balance = useLoad(() => data(api.request('get', '/api/economy/balance')), []);
  const history = useLoad(() => data(api.request('get', '/api/economy/history', { query: { page, limit: historyPageSize } })), [page]);
  const charted = useLoad(() => data(api.request('get', '/api/economy/history', { query: { page: 1, limit: chartedMovements } })), []);
  const refresh = () => {
    balance.reload();
    history.reload();
    charted.reload();
  };
  usePolling(refresh, 15_000);

  // Oldest first, ending with the balance now, so the line reaches the present (and one movement still draws a line).
  const movements = [...(charted.data?.transactions ?? [])].reverse().map((movement) => ({ at: Date.parse(movement.timestamp) / 1000, balance: movement.balance }));
  if (movements.length > 0 && balance.data) movements.push({ at: Date.now() / 1000, balance: balance.data.balance });
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        My account
      </h1>
      <div class="cards">
        <div class="card">
          <h2>Balance</h2>
          <ProblemNotice problem={balance.problem} retry={balance.reload} />
          <p class="figure" data-testid="balance">
            {balance.data ? balance.data.formatted : balance.loading ? 'Loading…' : '—'}
          </p>
        </div>
        <div class="card">
          <h2>Profile</h2>
          <ProblemNotice problem={me.problem} retry={me.reload} />
          {me.data && (
            <dl class="facts">
              <dt>Player</dt>
              <dd>{me.data.gameUsername}</dd>
              <dt>Web username</dt>
              <dd>{me.data.username}</dd>
              <dt>E-mail</dt>
              <dd>{me.data.email}</dd>
              <dt>Member since</dt>
              <dd>{formatTime(me.data.createdAt)}</dd>
              <dt>On the whitelist</dt>
              <dd>{me.data.isWhitelisted ? 'Yes' : 'No'}</dd>
            </dl>
          )}
        </div>
      </div>

      <h2>Balance over time</h2>
      <ProblemNotice problem={charted.problem} retry={charted.reload} />
      {movements.length > 0 ? (
        <TimeChart
          times={movements.map((movement) => movement.at)}
          series={[{ label: 'Balance', values: movements.map((movement) => movement.balance) }]}
          valueLabel={money}
          summary={`Your balance over your last ${charted.data?.transactions.length} movement${charted.data?.transactions.length === 1 ? '' : 's'} until now, from ${money(movements[0]!.balance)} to ${money(movements.at(-1)!.balance)}.`}
        />
      ) : (
        charted.data && <p>No movements yet: the chart starts with your first one.</p>
      )}

      <TransferForm onDone={refresh} />

      <h2 id="history-title">History</h2>
      <ProblemNotice problem={history.problem} retry={history.reload} />
      {history.data && history.data.transactions.length === 0 && <p>No movements yet.</p>}
      {history.data && history.data.transactions.length > 0 && (
        <>
          <TableScroll label="History">
            <table class="stack" aria-labelledby="history-title" data-testid="history">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col">Details</th>
                  <th scope="col" class="number">
                    Amount
                  </th>
                  <th scope="col" class="number">
                    Balance after
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.data.transactions.map((movement) => (
                  <tr key={movement.id}>
                    <td data-label="When">{formatTime(movement.timestamp)}</td>
                    <td data-label="What">{typeNames[movement.type] ?? movement.type}</td>
                    <td class="whole" data-label="Details">
                      {movement.description}
                      {movement.counterparty && <span class="muted"> ({movement.counterparty})</span>}
                    </td>
                    <td class="number" data-label="Amount">
                      {money(movement.amount)}
                    </td>
                    <td class="number" data-label="Balance after">
                      {money(movement.balance)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={history.data.pagination.page} pages={history.data.pagination.pages} total={history.data.pagination.total} onPage={setPage} label="History pages" />
        </>
      )}
    </section>
  );
}

function TransferForm(props: { onDone: () => void }) {
  const money = useMoney();
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const key = useIdempotencyKey();
  const form = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(form, problem);

  const submit = async (event: Event) => {
    event.preventDefault();
    setProblem(undefined);
    setDone(undefined);
    const value = Number(amount);
    if (to.trim() === '') return setProblem(new Problem(400, 'invalid_field', 'Enter the player to send money to.', 'to'));
    if (!(value > 0) || !/^\d+(\.\d{1,2})?$/.test(amount.trim()))
      return setProblem(new Problem(400, 'invalid_field', 'Enter an amount above zero, with at most two decimals (like 12.50).', 'amount'));
    const what = JSON.stringify([to.trim(), value, note]);
    setBusy(true);
    try {
      const answer = await data(
        api.request('post', '/api/economy/transfer', { body: { to: to.trim(), amount: value, ...(note ? { note } : {}) }, idempotencyKey: key.keyFor(what) }),
      );
      key.done();
      setDone(`Sent ${money(value)} to ${to.trim()}. Your balance is now ${answer.formatted}.`);
      setAmount('');
      setNote('');
      props.onDone();
    } catch (error) {
      setProblem(error instanceof Problem ? error : new Problem(0, 'unexpected', String(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} class="card transfer" onSubmit={submit} noValidate aria-labelledby="transfer-title">
      <h2 id="transfer-title">Send money to a player</h2>
      <Field label="Player" name="to" value={to} onInput={setTo} autoComplete="off" required error={fieldError(problem, 'to')} maxLength={16} />
      <Field label="Amount" name="amount" value={amount} onInput={setAmount} inputMode="decimal" required error={fieldError(problem, 'amount')} hint="Up to two decimals." />
      <Field label="Note (optional)" name="note" value={note} onInput={setNote} error={fieldError(problem, 'note')} maxLength={100} />
      <ProblemNotice problem={unplacedProblem(problem, ['to', 'amount', 'note'])} />
      {done && <Success text={done} />}
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
