/**
 * The player's own account: who they are, their balance as the server writes
 * it, the balance over time, their history a page at a time, and a transfer
 * to another player. A transfer carries an Idempotency-Key made once for
 * what is being sent, so a double click or a retry after a lost answer moves
 * the money once; a new key is made only when the transfer itself changes.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { BanNotice } from '../parts/ban-notice.js';
import { Form, Outcome, useAction } from '../parts/action.js';
import { TimeChart } from '../parts/chart.js';
import { Field } from '../parts/field.js';
import { numeric, Table } from '../parts/table.js';
import { formatTime, plural } from '../parts/format.js';
import { useIdempotencyKey } from '../parts/idempotency.js';
import { useLiveReload } from '../parts/live.js';
import { useLoad } from '../parts/load.js';
import { useMoney } from '../parts/money.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { Pager } from '../parts/pager.js';
import { Problem } from '../parts/problem.js';
import { Link } from '../router.js';

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
  // Live: a payment, a purchase or an admin's adjustment shows at once; read every 15 s only while the stream is away.
  useLiveReload(['money.moved'], refresh, 15_000);

  // Oldest first, ending with the balance now, so the line reaches the present (and one movement still draws a line).
  const movements = [...(charted.data?.transactions ?? [])].reverse().map((movement) => ({ at: Date.parse(movement.timestamp) / 1000, balance: movement.balance }));
  if (movements.length > 0 && balance.data) movements.push({ at: Date.now() / 1000, balance: balance.data.balance });
  return (
    <Page title="My account">
      <BanNotice />
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
          <p>
            <Link href="/account/sessions">Sessions and password</Link>: where you are logged in, and a new password.
          </p>
          <p>
            <Link href="/account/security">Sign-in security</Link>: an authenticator app, passkeys.
          </p>
        </div>
      </div>

      <h2>Balance over time</h2>
      <ProblemNotice problem={charted.problem} retry={charted.reload} />
      {movements.length > 0 ? (
        <TimeChart
          times={movements.map((movement) => movement.at)}
          series={[{ label: 'Balance', values: movements.map((movement) => movement.balance) }]}
          valueLabel={money}
          summary={`Your balance over your last ${plural(charted.data?.transactions.length ?? 0, 'movement')} until now, from ${money(movements[0]!.balance)} to ${money(movements.at(-1)!.balance)}.`}
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
          <Table label="History" stack labelledBy="history-title" testId="history" columns={['When', 'What', 'Details', numeric('Amount'), numeric('Balance after')]}>
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
          </Table>
          <Pager page={history.data.pagination.page} pages={history.data.pagination.pages} total={history.data.pagination.total} onPage={setPage} label="History pages" />
        </>
      )}
    </Page>
  );
}

function TransferForm(props: { onDone: () => void }) {
  const money = useMoney();
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const transfer = useAction(['to', 'amount', 'note']);
  const key = useIdempotencyKey();

  const send = async () => {
    const value = Number(amount);
    if (to.trim() === '') throw Problem.at('to', 'Enter the player to send money to.');
    if (!(value > 0) || !/^\d+(\.\d{1,2})?$/.test(amount.trim())) throw Problem.at('amount', 'Enter an amount above zero, with at most two decimals (like 12.50).');
    const body = { to: to.trim(), amount: value, ...(note ? { note } : {}) };
    const answer = await data(api.request('post', '/api/economy/transfer', { body, idempotencyKey: key.keyFor(JSON.stringify(body)) }));
    key.done();
    setAmount('');
    setNote('');
    props.onDone();
    return `Sent ${money(value)} to ${to.trim()}. Your balance is now ${answer.formatted}.`;
  };

  return (
    <Form action={transfer} class="card transfer" labelledBy="transfer-title" submit={send}>
      <h2 id="transfer-title">Send money to a player</h2>
      <Field label="Player" name="to" value={to} onInput={setTo} autoComplete="off" required error={transfer.errorAt('to')} maxLength={16} />
      <Field label="Amount" name="amount" value={amount} onInput={setAmount} inputMode="decimal" required error={transfer.errorAt('amount')} hint="Up to two decimals." />
      <Field label="Note (optional)" name="note" value={note} onInput={setNote} error={transfer.errorAt('note')} maxLength={100} />
      <Outcome action={transfer} />
      <button type="submit" class="primary" disabled={transfer.busy}>
        {transfer.busy ? 'Sending…' : 'Send'}
      </button>
    </Form>
  );
}
