/**
 * The shop: the catalogue by category and search, a purchase of any quantity
 * from each row, this week's offers with what is left of each player's limit,
 * and the player's deliveries (pending until they are in the game, then
 * delivered). A purchase carries an Idempotency-Key made once for what is
 * being bought, so a double click buys once.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { BanNotice } from '../parts/ban-notice.js';
import { useAction } from '../parts/action.js';
import { Choice, Field } from '../parts/field.js';
import { formatTime, formatTrend } from '../parts/format.js';
import { useIdempotencyKey } from '../parts/idempotency.js';
import { useLiveReload } from '../parts/live.js';
import { useLoad } from '../parts/load.js';
import { useMoney } from '../parts/money.js';
import { ProblemNotice, Success } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { Pager } from '../parts/pager.js';
import { QuantityForm } from '../parts/quantity-form.js';
import { numeric, Table } from '../parts/table.js';

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
  useLiveReload(['purchase.made', 'purchase.delivered'], deliveries.reload, 10_000);

  const bought = (message: string) => {
    setSaid(message);
    items.reload();
    weekly.reload();
    deliveries.reload();
  };

  return (
    <Page title="Shop">
      <BanNotice />
      {said && <Success text={said} />}

      <h2 id="weekly-title">This week's offers</h2>
      <ProblemNotice problem={weekly.problem} retry={weekly.reload} />
      {weekly.data && weekly.data.offers.length === 0 && <p>No offers this week.</p>}
      {weekly.data && weekly.data.offers.length > 0 && (
        <>
          <p>Until {formatTime(weekly.data.endsAt)}, each at the discount shown beside it, up to a limit for each player.</p>
          <Table label="This week's offers" stack labelledBy="weekly-title" columns={['Item', numeric('Offer price'), numeric('Left for you'), 'Buy']}>
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
          </Table>
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
          <Table label="Catalogue" stack labelledBy="catalogue-title" testId="catalogue" columns={['Item', numeric('Price and trend'), numeric('Stock'), 'Buy']}>
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
                  <span class={`trend trend-${item.trend.toLowerCase()}`}>{formatTrend(item.trend)}</span>
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
          </Table>
          <Pager page={items.data.pagination.page} pages={items.data.pagination.pages} total={items.data.pagination.total} onPage={setPage} label="Catalogue pages" />
        </>
      )}

      <h2 id="deliveries-title">My deliveries</h2>
      <p>A purchase waits as pending until you are in the game, then it is delivered into your inventory.</p>
      <ProblemNotice problem={deliveries.problem} retry={deliveries.reload} />
      {deliveries.data && deliveries.data.deliveries.length === 0 && <p>No purchases yet.</p>}
      {deliveries.data && deliveries.data.deliveries.length > 0 && (
        <Table label="My deliveries" stack labelledBy="deliveries-title" testId="deliveries" columns={['Bought', 'What', 'State']}>
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
        </Table>
      )}
    </Page>
  );
}

/** A quantity and a Buy button for one item, with one Idempotency-Key per purchase the player means. */
function BuyForm(props: { item: string; name: string; unitPrice: number; max: number; weekly?: boolean; onBought: (message: string) => void }) {
  const money = useMoney();
  const purchase = useAction(['quantity']);
  const key = useIdempotencyKey();
  const buy = async (quantity: number) => {
    const body = { item: props.item, quantity, ...(props.weekly ? { weekly: true } : {}) };
    const answer = await data(api.request('post', '/api/shop/purchase', { body, idempotencyKey: key.keyFor(JSON.stringify(body)) }));
    key.done();
    const where = answer.delivery.state === 'delivered' ? 'It is in your inventory.' : 'It waits for you: it arrives when you are in the game.';
    props.onBought(`Bought ${answer.purchase.quantity} ${answer.purchase.name} for ${money(answer.purchase.charged)}. ${where} Your balance is now ${answer.formatted}.`);
  };
  return (
    <QuantityForm
      verb="Buy"
      name={props.name}
      label={`How many ${props.name}${props.weekly ? ' at the offer price' : ''}`}
      unitPrice={props.unitPrice}
      start={1}
      startOver
      max={props.max}
      action={purchase}
      trade={buy}
    />
  );
}
