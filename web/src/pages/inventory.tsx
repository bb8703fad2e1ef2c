/**
 * The player's inventory in the game, and selling from it to the market: one
 * stack, some of an item, or everything the market buys, with what it pays
 * shown before the sale (the price of one now times the count; a large sale
 * walks down the price curve, so the answer says what was paid). A sale
 * carries an Idempotency-Key, so a double click sells once.
 */
import { useId, useState } from 'preact/hooks';
import { api, data, Problem } from '../api.js';
import { useMoney } from '../parts/currency.js';
import { fieldError, unplacedProblem } from '../parts/form-problem.js';
import { useIdempotencyKey } from '../parts/idempotency.js';
import { useLoad, usePolling } from '../parts/load.js';
import { TableScroll } from '../parts/table-scroll.js';
import { ProblemNotice, Success } from '../parts/notice.js';

type SaleBody = { item: string; quantity?: number } | { all: true };

/** Sells, keeping one key per sale the player means (a retry of the same sale reuses it). */
function useSale(onSold: (message: string) => void) {
  const money = useMoney();
  const key = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  const sell = async (body: SaleBody) => {
    setProblem(undefined);
    const what = JSON.stringify(body);
    setBusy(true);
    try {
      const answer = await data(api.request('post', '/api/player/inventory/sell', { body, idempotencyKey: key.keyFor(what) }));
      key.done();
      const sold = answer.sold.map((line) => `${line.quantity} ${line.name}`).join(', ');
      onSold(`Sold ${sold || 'nothing'} for ${money(answer.total)}. Your balance is now ${answer.formatted}.`);
    } catch (error) {
      setProblem(error instanceof Problem ? error : new Problem(0, 'unexpected', String(error)));
    } finally {
      setBusy(false);
    }
  };
  return { sell, busy, problem };
}

export function InventoryPage() {
  const money = useMoney();
  const [said, setSaid] = useState<string>();
  const inventory = useLoad(() => data(api.request('get', '/api/player/inventory')), []);
  usePolling(inventory.reload, 10_000);
  const sold = (message: string) => {
    setSaid(message);
    inventory.reload();
  };
  const everything = useSale(sold);

  const items = inventory.data?.items ?? [];
  const sellable = items.filter((stack) => stack.sellPrice !== null);
  const everythingWorth = Math.round(sellable.reduce((sum, stack) => sum + (stack.sellPrice ?? 0) * stack.count, 0) * 100) / 100;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        Inventory
      </h1>
      <p>What you carry in the game now. Sell to the market from here: the price shown is what one pays now.</p>
      {said && <Success text={said} />}
      {inventory.problem?.status === 404 ? (
        <p class="notice" role="status">
          You are not in the game now. Join the server to see your inventory and sell from it; this page follows within seconds.
        </p>
      ) : (
        <ProblemNotice problem={inventory.problem} retry={inventory.reload} />
      )}
      {inventory.data && items.length === 0 && <p>Your inventory is empty.</p>}
      {items.length > 0 && (
        <>
          <TableScroll label="Inventory">
            <table class="stack" data-testid="inventory">
              <caption>
                {items.length} stack{items.length === 1 ? '' : 's'}, {sellable.length} the market buys
              </caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" class="number">
                    Count
                  </th>
                  <th scope="col" class="number">
                    Pays for one
                  </th>
                  <th scope="col">Sell</th>
                </tr>
              </thead>
              <tbody>
                {items.map((stack) => (
                  <tr key={stack.slot}>
                    <th scope="row">{stack.name}</th>
                    <td class="number" data-label="Count">
                      {stack.count}
                    </td>
                    <td class="number" data-label="Pays for one">
                      {stack.sellPrice === null ? <span class="muted">not bought</span> : money(stack.sellPrice)}
                    </td>
                    <td class="whole">
                      {stack.sellPrice !== null && <SellForm item={stack.item} name={stack.name} count={stack.count} unitPrice={stack.sellPrice} onSold={sold} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {sellable.length > 0 && (
            <div class="card sell-all">
              <p>
                Everything the market buys: {sellable.reduce((sum, stack) => sum + stack.count, 0)} items, about <strong>{money(everythingWorth)}</strong>.
              </p>
              <ProblemNotice problem={everything.problem} />
              <button type="button" class="primary" disabled={everything.busy} onClick={() => everything.sell({ all: true })}>
                {everything.busy ? 'Selling…' : `Sell everything sellable · ${money(everythingWorth)}`}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function SellForm(props: { item: string; name: string; count: number; unitPrice: number; onSold: (message: string) => void }) {
  const money = useMoney();
  const id = useId();
  const [quantity, setQuantity] = useState(String(props.count));
  const { sell, busy, problem } = useSale(props.onSold);
  const [invalid, setInvalid] = useState<Problem>();
  const count = Number(quantity);
  const valid = Number.isInteger(count) && count >= 1;
  const label = props.name;
  const shown = invalid ?? problem;
  const error = fieldError(shown, 'quantity');

  const submit = (event: Event) => {
    event.preventDefault();
    setInvalid(undefined);
    if (!valid) return setInvalid(new Problem(400, 'invalid_field', 'Enter a whole number of at least 1.', 'quantity'));
    void sell({ item: props.item, quantity: count });
  };

  return (
    <form class="buy" onSubmit={submit} noValidate>
      <label for={id} class="visually-hidden">
        How many {label} to sell
      </label>
      <input
        id={id}
        name="quantity"
        type="number"
        min={1}
        inputMode="numeric"
        value={quantity}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(event) => setQuantity((event.target as HTMLInputElement).value)}
      />
      <button type="submit" disabled={busy}>
        {busy ? (
          'Selling…'
        ) : (
          <>
            Sell<span class="visually-hidden"> {label}</span> · {valid ? money(Math.round(props.unitPrice * count * 100) / 100) : '—'}
          </>
        )}
      </button>
      {error && (
        <p class="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <ProblemNotice problem={unplacedProblem(shown, ['quantity'])} />
    </form>
  );
}
