/**
 * The player's inventory in the game, and selling from it to the market: one
 * stack, some of an item, or everything the market buys, with what it pays
 * shown before the sale (the price of one now times the count; a large sale
 * walks down the price curve, so the answer says what was paid). A sale
 * carries an Idempotency-Key, so a double click sells once.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { BanNotice } from '../parts/ban-notice.js';
import { useAction } from '../parts/action.js';
import { plural } from '../parts/format.js';
import { useIdempotencyKey } from '../parts/idempotency.js';
import { useLoad, usePolling } from '../parts/load.js';
import { useMoney } from '../parts/money.js';
import { ProblemNotice, Success } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { QuantityForm } from '../parts/quantity-form.js';
import { numeric, Table } from '../parts/table.js';

type SaleBody = { item: string; quantity?: number } | { all: true };

/** Sells, keeping one key per sale the player means (a retry of the same sale reuses it); says what was sold. */
function useSale(onSold: (message: string) => void): (body: SaleBody) => Promise<void> {
  const money = useMoney();
  const key = useIdempotencyKey();
  return async (body) => {
    const answer = await data(api.request('post', '/api/player/inventory/sell', { body, idempotencyKey: key.keyFor(JSON.stringify(body)) }));
    key.done();
    const sold = answer.sold.map((line) => `${line.quantity} ${line.name}`).join(', ');
    onSold(`Sold ${sold || 'nothing'} for ${money(answer.total)}. Your balance is now ${answer.formatted}.`);
  };
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
  const everything = useAction();
  const sellEverything = useSale(sold);

  const items = inventory.data?.items ?? [];
  const sellable = items.filter((stack) => stack.sellPrice !== null);
  const everythingWorth = Math.round(sellable.reduce((sum, stack) => sum + (stack.sellPrice ?? 0) * stack.count, 0) * 100) / 100;
  return (
    <Page title="Inventory">
      <BanNotice />
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
          <Table
            label="Inventory"
            stack
            testId="inventory"
            caption={`${plural(items.length, 'stack')}, ${sellable.length} the market buys`}
            columns={['Item', numeric('Count'), numeric('Pays for one'), 'Sell']}
          >
            {items.map((stack) => (
              <tr key={stack.slot}>
                <th scope="row">{stack.name}</th>
                <td class="number" data-label="Count">
                  {stack.count}
                </td>
                <td class="number" data-label="Pays for one">
                  {stack.sellPrice === null ? <span class="muted">not bought</span> : money(stack.sellPrice)}
                </td>
                <td class="whole">{stack.sellPrice !== null && <SellForm item={stack.item} name={stack.name} count={stack.count} unitPrice={stack.sellPrice} onSold={sold} />}</td>
              </tr>
            ))}
          </Table>
          {sellable.length > 0 && (
            <div class="card sell-all">
              <p>
                Everything the market buys: {sellable.reduce((sum, stack) => sum + stack.count, 0)} items, about <strong>{money(everythingWorth)}</strong>.
              </p>
              <ProblemNotice problem={everything.problem} />
              <button type="button" class="primary" disabled={everything.busy} onClick={() => everything.run(() => sellEverything({ all: true }))}>
                {everything.busy ? 'Selling…' : `Sell everything sellable · ${money(everythingWorth)}`}
              </button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}

function SellForm(props: { item: string; name: string; count: number; unitPrice: number; onSold: (message: string) => void }) {
  const sale = useAction(['quantity']);
  const sell = useSale(props.onSold);
  return (
    <QuantityForm
      verb="Sell"
      name={props.name}
      label={`How many ${props.name} to sell`}
      unitPrice={props.unitPrice}
      start={props.count}
      action={sale}
      trade={(quantity) => sell({ item: props.item, quantity })}
    />
  );
}
