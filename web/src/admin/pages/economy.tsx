/**
 * The economy's admin actions: adjust a balance with a reason, reverse a
 * transaction (after a confirm step), the pending shop deliveries, and the
 * shop catalogue's reload with its mistakes shown. Money-moving requests
 * carry an Idempotency-Key made once per intent: a double click or a retry
 * sends the same key and moves the money once; editing the form makes a new
 * intent.
 */
import { useRef, useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Field } from '../../parts/field.js';
import { newIdempotencyKey } from '../../parts/idempotency.js';
import { useLoad } from '../../parts/load.js';
import { formatMoney, formatTime } from '../../parts/money.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { errorFor, unplacedProblem, useAction } from '../parts/action.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';
import { TableScroll } from '../parts/table-scroll.js';

/** One Idempotency-Key per intent: the same until `renew` (after a success or an edit). */
function useIntentKey(): { key: () => string; renew: () => void } {
  const current = useRef(newIdempotencyKey());
  return { key: () => current.current, renew: () => (current.current = newIdempotencyKey()) };
}

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
  const adjust = useAction();
  const intent = useIntentKey();
  const edit = (set: (value: string) => void) => (value: string) => {
    intent.renew();
    set(value);
  };
  return (
    <form
      class="card"
      aria-labelledby="adjust-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void adjust.run(async () => {
          const answer = await data(
            api.request('post', '/api/admin/economy/adjust', { body: { username: username.trim(), amount: Number(amount), reason }, idempotencyKey: intent.key() }),
          );
          intent.renew();
          return `${answer.message}. New balance: ${answer.formatted} (transaction ${answer.transaction.id}).`;
        });
      }}
    >
      <h2 id="adjust-title">Adjust a balance</h2>
      <Field label="Player" name="username" value={username} onInput={edit(setUsername)} required error={errorFor(adjust, 'username')} />
      <Field
        label="Amount"
        name="amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        value={amount}
        onInput={edit(setAmount)}
        hint="Positive adds, negative takes away."
        required
        error={errorFor(adjust, 'amount')}
      />
      <Field label="Reason" name="reason" value={reason} onInput={edit(setReason)} maxLength={200} required error={errorFor(adjust, 'reason')} />
      <ProblemNotice problem={unplacedProblem(adjust, ['username', 'amount', 'reason'])} />
      <Success text={adjust.said} />
      <button type="submit" class="primary" disabled={adjust.busy}>
        Adjust
      </button>
    </form>
  );
}

function Reverse() {
  const [id, setId] = useState('');
  const [reason, setReason] = useState('');
  const reverse = useAction();
  const intent = useIntentKey();
  const edit = (set: (value: string) => void) => (value: string) => {
    intent.renew();
    set(value);
  };
  const symbol = useLoad(async () => (await data(api.request('get', '/api/economy/symbol'))).symbol, []);
  return (
    <form class="card" aria-labelledby="reverse-title" noValidate onSubmit={(event) => event.preventDefault()}>
      <h2 id="reverse-title">Reverse a transaction</h2>
      <Field label="Transaction number" name="id" type="number" inputMode="numeric" min={1} step="1" value={id} onInput={edit(setId)} required error={errorFor(reverse, 'id')} />
      <Field label="Reason" name="reason" value={reason} onInput={edit(setReason)} maxLength={200} error={errorFor(reverse, 'reason')} />
      <ProblemNotice problem={unplacedProblem(reverse, ['id', 'reason'])} />
      <Success text={reverse.said} />
      <ConfirmButton
        label="Reverse"
        question={`Reverse transaction ${id || '?'}? Both sides get the opposite amount back, once.`}
        confirmLabel="Yes, reverse it"
        busy={reverse.busy}
        disabled={!id}
        onConfirm={() =>
          void reverse.run(async () => {
            const answer = await data(
              api.request('post', '/api/admin/economy/transactions/{id}/reverse', {
                params: { id: id.trim() },
                body: { reason: reason || undefined },
                idempotencyKey: intent.key(),
              }),
            );
            intent.renew();
            const moves = answer.transactions.map((move) => `${formatMoney(move.amount, symbol.data ?? '')} (${move.description})`).join('; ');
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
      <Success text={reload.said} />
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
          <TableScroll label="Pending deliveries">
            <table>
              <caption>Bought items not yet all given, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">Since</th>
                  <th scope="col">Player</th>
                  <th scope="col">Item</th>
                  <th scope="col" class="number">
                    Given
                  </th>
                  <th scope="col" class="number">
                    Left
                  </th>
                  <th scope="col" class="number">
                    Transaction
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.deliveries.length === 0 && (
                  <tr>
                    <td colSpan={6}>No delivery is pending.</td>
                  </tr>
                )}
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
              </tbody>
            </table>
          </TableScroll>
          <Pager page={page} pages={deliveries.data.pagination.pages} total={deliveries.data.pagination.total} onPage={setPage} label="Pages of deliveries" />
        </>
      )}
    </>
  );
}
