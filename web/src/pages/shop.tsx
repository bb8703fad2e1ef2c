/**
 * The shop: the catalogue by category and search, a purchase of any quantity
 * from each row, this week's offers with what is left of each player's limit,
 * and the player's deliveries (pending until they are in the game, then
 * delivered). A purchase carries an Idempotency-Key made once for what is
 * being bought, so a double click buys once.
 */
import { useId, useState } from 'preact/hooks';
import { api, data, Problem } from '../api.js';
import { useMoney } from '../parts/currency.js';
import { Choice, Field } from '../parts/field.js';
import { fieldError, unplacedProblem } from '../parts/form-problem.js';
import { useIdempotencyKey } from '../parts/idempotency.js';
import { useLoad, usePolling } from '../parts/load.js';
import { formatTime } from '../parts/money.js';
import { TableScroll } from '../parts/table-scroll.js';
import { ProblemNotice, Success } from '../parts/notice.js';
import { Pager } from '../parts/pager.js';
import { trendNames } from './market.js';

const pageSize = 20;

export function ShopPage() {
  const money = useMoney();
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [said, setSaid] = useState<string>();
  const query = { page, limit: pageSize, ...(category ? { category } : {}), ...(search.trim() ? { search: search.trim() } : {}) };
  const items = useLoad(() => data(api.request('get', '/api/shop/items', { query })), [page, category, search]);
  const weekly = useLoad(() => data(api.request('get', '/api/shop/weekly')), []);
  const deliveries = useLoad(() => data(api.request('get', '/api/shop/deliveries', { query: { limit: 10 } })), []);
  usePolling(deliveries.reload, 10_000);

  const bought = (message: string) => {
    setSaid(message);
    items.reload();
    weekly.reload();
    deliveries.reload();
  };

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        Shop
      </h1>
      {said && <Success text={said} />}

      <h2 id="weekly-title">This week's offers</h2>
      <ProblemNotice problem={weekly.problem} retry={weekly.reload} />
      {weekly.data && weekly.data.offers.length === 0 && <p>No offers this week.</p>}
      {weekly.data && weekly.data.offers.length > 0 && (
        <>
          <p>Until {formatTime(weekly.data.endsAt)}, each at the discount shown beside it, up to a limit for each player.</p>
          <TableScroll label="This week's offers">
            <table class="stack" aria-labelledby="weekly-title">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" class="number">
                    Offer price
                  </th>
                  <th scope="col" class="number">
                    Left for you
                  </th>
                  <th scope="col">Buy</th>
                </tr>
              </thead>
              <tbody>
                {weekly.data.offers.map((offer) => (
                  <tr key={offer.item}>
                    <th scope="row">{offer.name}</th>
                    <td class="number" data-label="Offer price">
                      {money(offer.price)}
                      <br />
                      <span class="muted">
                        <span class="visually-hidden">instead of </span>
                        <s>{money(offer.regularPrice)}</s>
                      </span>
                      {offer.discountPercent > 0 && (
                        <>
                          <br />
                          <span class="discount">{offer.discountPercent}% off</span>
                        </>
                      )}
                    </td>
                    <td class="number" data-label="Left for you">
                      {offer.remaining} of {offer.limit}
                    </td>
                    <td class="whole">
                      {offer.remaining > 0 && offer.stock > 0 ? (
                        <BuyForm item={offer.item} name={offer.name} unitPrice={offer.price} weekly max={offer.remaining} onBought={bought} />
                      ) : (
                        <span class="muted">{offer.remaining > 0 ? 'Out of stock' : 'Limit reached'}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}

      <h2 id="catalogue-title">Catalogue</h2>
      <div class="filters">
        <Choice
          label="Category"
          name="category"
          value={category}
          options={[
            { value: '', label: 'Every category' },
            ...(items.data?.categories ?? []).map((name) => ({ value: name, label: name.charAt(0).toUpperCase() + name.slice(1) })),
          ]}
          onChange={(value) => {
            setCategory(value);
            setPage(1);
          }}
        />
        <Field
          label="Search"
          name="search"
          type="search"
          value={search}
          maxLength={64}
          autoComplete="off"
          onInput={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </div>
      <ProblemNotice problem={items.problem} retry={items.reload} />
      {items.data && items.data.items.length === 0 && <p>No item matches.</p>}
      {items.data && items.data.items.length > 0 && (
        <>
          <TableScroll label="Catalogue">
            <table class="stack" aria-labelledby="catalogue-title" data-testid="catalogue">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" class="number">
                    Price and trend
                  </th>
                  <th scope="col" class="number">
                    Stock
                  </th>
                  <th scope="col">Buy</th>
                </tr>
              </thead>
              <tbody>
                {items.data.items.map((item) => (
                  <tr key={item.item}>
                    <th scope="row">
                      {item.name}
                      <br />
                      <span class="muted">{item.category}</span>
                    </th>
                    <td class="number" data-label="Price and trend">
                      {money(item.buyPrice)}
                      <br />
                      <span class={`trend trend-${item.trend.toLowerCase()}`}>{trendNames[item.trend] ?? item.trend}</span>
                    </td>
                    <td class="number" data-label="Stock">
                      {item.stock}
                    </td>
                    <td class="whole">
                      {item.canBuy ? (
                        <BuyForm item={item.item} name={item.name} unitPrice={item.buyPrice} max={item.stock} onBought={bought} />
                      ) : (
                        <span class="muted">{item.stock > 0 ? 'Not sold' : 'Out of stock'}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={items.data.pagination.page} pages={items.data.pagination.pages} total={items.data.pagination.total} onPage={setPage} label="Catalogue pages" />
        </>
      )}

      <h2 id="deliveries-title">My deliveries</h2>
      <p>A purchase waits as pending until you are in the game, then it is delivered into your inventory.</p>
      <ProblemNotice problem={deliveries.problem} retry={deliveries.reload} />
      {deliveries.data && deliveries.data.deliveries.length === 0 && <p>No purchases yet.</p>}
      {deliveries.data && deliveries.data.deliveries.length > 0 && (
        <TableScroll label="My deliveries">
          <table class="stack" aria-labelledby="deliveries-title" data-testid="deliveries">
            <thead>
              <tr>
                <th scope="col">Bought</th>
                <th scope="col">What</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td data-label="Bought">{formatTime(delivery.createdAt)}</td>
                  <td data-label="What">
                    {delivery.quantity} × {delivery.name}
                  </td>
                  <td class={`whole state state-${delivery.state}`} data-label="State">
                    {delivery.state === 'delivered'
                      ? 'Delivered'
                      : delivery.given > 0
                        ? `Pending: ${delivery.given} given, ${delivery.remaining} to come`
                        : 'Pending: join the game to receive it'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** A quantity and a Buy button for one item; the price shown is this unit's now (a large purchase climbs the price curve). */
function BuyForm(props: { item: string; name: string; unitPrice: number; max: number; weekly?: boolean; onBought: (message: string) => void }) {
  const money = useMoney();
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const key = useIdempotencyKey();
  const count = Number(quantity);
  const valid = Number.isInteger(count) && count >= 1;
  const quantityError = fieldError(problem, 'quantity');

  const submit = async (event: Event) => {
    event.preventDefault();
    setProblem(undefined);
    if (!valid) return setProblem(new Problem(400, 'invalid_field', 'Enter a whole number of at least 1.', 'quantity'));
    const what = JSON.stringify([props.item, count, props.weekly === true]);
    setBusy(true);
    try {
      const answer = await data(
        api.request('post', '/api/shop/purchase', { body: { item: props.item, quantity: count, ...(props.weekly ? { weekly: true } : {}) }, idempotencyKey: key.keyFor(what) }),
      );
      key.done();
      const where = answer.delivery.state === 'delivered' ? 'It is in your inventory.' : 'It waits for you: it arrives when you are in the game.';
      props.onBought(`Bought ${answer.purchase.quantity} ${answer.purchase.name} for ${money(answer.purchase.charged)}. ${where} Your balance is now ${answer.formatted}.`);
      setQuantity('1');
    } catch (error) {
      setProblem(error instanceof Problem ? error : new Problem(0, 'unexpected', String(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="buy" onSubmit={submit} noValidate>
      <label for={id} class="visually-hidden">
        How many {props.name}
        {props.weekly ? ' at the offer price' : ''}
      </label>
      <input
        id={id}
        name="quantity"
        type="number"
        min={1}
        max={props.max}
        inputMode="numeric"
        value={quantity}
        aria-invalid={quantityError ? 'true' : undefined}
        aria-describedby={quantityError ? `${id}-error` : undefined}
        onInput={(event) => setQuantity((event.target as HTMLInputElement).value)}
      />
      <button type="submit" disabled={busy}>
        {busy ? (
          'Buying…'
        ) : (
          <>
            Buy<span class="visually-hidden"> {props.name}</span> · {valid ? money(Math.round(props.unitPrice * count * 100) / 100) : '—'}
          </>
        )}
      </button>
      {quantityError && (
        <p class="field-error" id={`${id}-error`} role="alert">
          {quantityError}
        </p>
      )}
      <ProblemNotice problem={unplacedProblem(problem, ['quantity'])} />
    </form>
  );
}
