/**
 * The economy's admin actions: adjust a balance with a reason, reverse a
 * transaction (after a confirm step), the pending shop deliveries, and the
 * shop catalogue's reload with its mistakes shown. Money-moving requests
 * carry an Idempotency-Key made once per intent: a double click or a retry
 * sends the same key and moves the money once; another adjustment or
 * reversal (the form edited) is a new intent.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Form, Outcome, useAction } from '../../parts/action.js';
import { Field } from '../../parts/field.js';
import { formatTime } from '../../parts/format.js';
import { useIdempotencyKey } from '../../parts/idempotency.js';
import { useLoad } from '../../parts/load.js';
import { useMoney } from '../../parts/money.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { numeric, Table } from '../../parts/table.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';

export function EconomyPage() {
  return (
    <AdminPage title="Economy">
      <div class="admin-columns">
        <Adjust />
        <Reverse />
      </div>
      <ShopReload />
      <Deliveries />
    </AdminPage>
  );
}

function Adjust() {
  const [username, setUsername] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const adjust = useAction(['username', 'amount', 'reason']);
  const key = useIdempotencyKey();
  return (
    <Form
      action={adjust}
      class="card"
      labelledBy="adjust-title"
      submit={async () => {
        const body = { username: username.trim(), amount: Number(amount), reason };
        const answer = await data(api.request('post', '/api/admin/economy/adjust', { body, idempotencyKey: key.keyFor(JSON.stringify(body)) }));
        key.done();
        return `${answer.message}. New balance: ${answer.formatted} (transaction ${answer.transaction.id}).`;
      }}
    >
      <h2 id="adjust-title">Adjust a balance</h2>
      <Field label="Player" name="username" value={username} onInput={setUsername} required error={adjust.errorAt('username')} />
      <Field
        label="Amount"
        name="amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        value={amount}
        onInput={setAmount}
        hint="Positive adds, negative takes away."
        required
        error={adjust.errorAt('amount')}
      />
      <Field label="Reason" name="reason" value={reason} onInput={setReason} maxLength={200} required error={adjust.errorAt('reason')} />
      <Outcome action={adjust} />
      <button type="submit" class="primary" disabled={adjust.busy}>
        Adjust
      </button>
    </Form>
  );
}

function Reverse() {
  const money = useMoney();
  const [id, setId] = useState('');
  const [reason, setReason] = useState('');
  const reverse = useAction(['id', 'reason']);
  const key = useIdempotencyKey();
  return (
    <form ref={reverse.form} class="card" aria-labelledby="reverse-title" noValidate onSubmit={(event) => event.preventDefault()}>
      <h2 id="reverse-title">Reverse a transaction</h2>
      <Field label="Transaction number" name="id" type="number" inputMode="numeric" min={1} step="1" value={id} onInput={setId} required error={reverse.errorAt('id')} />
      <Field label="Reason" name="reason" value={reason} onInput={setReason} maxLength={200} error={reverse.errorAt('reason')} />
      <Outcome action={reverse} />
      <ConfirmButton
        label="Reverse"
        question={`Reverse transaction ${id || '?'}? Both sides get the opposite amount back, once.`}
        confirmLabel="Yes, reverse it"
        busy={reverse.busy}
        disabled={!id}
        onConfirm={() =>
          void reverse.run(async () => {
            const params = { id: id.trim() };
            const body = { reason: reason || undefined };
            const answer = await data(
              api.request('post', '/api/admin/economy/transactions/{id}/reverse', { params, body, idempotencyKey: key.keyFor(JSON.stringify([params, body])) }),
            );
            key.done();
            const moves = answer.transactions.map((move) => `${money(move.amount)} (${move.description})`).join('; ');
            return `${answer.message}${moves ? `: ${moves}` : ''}`;
          })
        }
      />
    </form>
  );
}

function ShopReload() {
  const reload = useAction();
  return (
    <section class="card" aria-labelledby="reload-title">
      <h2 id="reload-title">Shop catalogue</h2>
      <p>Reads shop.yml again. A file with a mistake changes nothing, and the mistake is shown here.</p>
      <button
        type="button"
        disabled={reload.busy}
        onClick={() =>
          void reload.run(async () => {
            const answer = await data(api.request('post', '/api/admin/shop/reload'));
            const added = answer.added.length ? ` Added: ${answer.added.join(', ')}.` : '';
            const removed = answer.removed.length ? ` Removed: ${answer.removed.join(', ')}.` : '';
            return `${answer.message} (${answer.items} items).${added}${removed}`;
          })
        }
      >
        Reload the catalogue
      </button>
      <ProblemNotice problem={reload.problem} />
      <Success text={reload.done} />
    </section>
  );
}

function Deliveries() {
  const [page, setPage] = useState(1);
  const deliveries = useLoad(() => data(api.request('get', '/api/admin/shop/deliveries', { query: { page, limit: 25 } })), [page]);
  return (
    <>
      <h2>Pending deliveries</h2>
      <ProblemNotice problem={deliveries.problem} retry={deliveries.reload} />
      {deliveries.data && (
        <>
          <Table
            label="Pending deliveries"
            caption="Bought items not yet all given, oldest first"
            columns={['Since', 'Player', 'Item', numeric('Given'), numeric('Left'), numeric('Transaction')]}
            empty="No delivery is pending."
          >
            {deliveries.data.deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{formatTime(delivery.createdAt)}</td>
                <td>{delivery.username ?? '–'}</td>
                <td>{delivery.name}</td>
                <td class="number">
                  {delivery.given} of {delivery.quantity}
                </td>
                <td class="number">{delivery.remaining}</td>
                <td class="number">{delivery.transactionId}</td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pages={deliveries.data.pagination.pages} total={deliveries.data.pagination.total} onPage={setPage} label="Pages of deliveries" />
        </>
      )}
    </>
  );
}
