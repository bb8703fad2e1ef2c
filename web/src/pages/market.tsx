/**
 * Market prices: every catalogue item's buy and sell price now, its stock,
 * its trend over the last hour, and a sparkline of its buy price over that
 * same hour (the answer's `recent`). Refreshed every 30 s while shown.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Sparkline } from '../parts/chart.js';
import { Field } from '../parts/field.js';
import { formatTime, formatTrend, plural } from '../parts/format.js';
import { useLoad, usePolling } from '../parts/load.js';
import { useMoney } from '../parts/money.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { numeric, Table } from '../parts/table.js';

export function MarketPage() {
  const money = useMoney();
  const [filter, setFilter] = useState('');
  const prices = useLoad(() => data(api.request('get', '/api/economy/market-prices')), []);
  usePolling(prices.reload, 30_000);

  // By name as shown, or by id (`iron_ingot`).
  const wanted = filter.trim().toLowerCase();
  const entries = Object.entries(prices.data?.prices ?? {})
    .filter(([item, entry]) => entry.name.toLowerCase().includes(wanted) || item.includes(wanted.replace(/\s+/g, '_')))
    .sort(([, a], [, b]) => a.name.localeCompare(b.name));
  return (
    <Page title="Market prices">
      <p>What each item costs and what the market pays for it now, with how its price moved over the last hour.</p>
      <ProblemNotice problem={prices.problem} retry={prices.reload} />
      <div class="narrow">
        <Field label="Find an item" name="filter" type="search" value={filter} onInput={setFilter} autoComplete="off" />
      </div>
      {prices.data && (
        <>
          <Table
            label="Market prices"
            stack
            testId="market"
            caption={`${plural(entries.length, 'item')}, updated ${formatTime(prices.data.lastUpdated)}`}
            columns={['Item', numeric('Buy'), numeric('Sell'), numeric('Stock'), 'Trend', 'Last hour']}
          >
            {entries.map(([item, entry]) => {
              const recent = entry.recent.map((sample) => sample.buyPrice);
              const low = Math.min(...recent);
              const high = Math.max(...recent);
              return (
                <tr key={item}>
                  <th scope="row">{entry.name}</th>
                  <td class="number" data-label="Buy">
                    {entry.canBuy ? money(entry.buyPrice) : <span class="muted">not for sale</span>}
                  </td>
                  <td class="number" data-label="Sell">
                    {entry.canSell ? money(entry.sellPrice) : <span class="muted">not bought</span>}
                  </td>
                  <td class="number" data-label="Stock">
                    {entry.stock}
                  </td>
                  <td class={`trend trend-${entry.trend.toLowerCase()}`} data-label="Trend">
                    {formatTrend(entry.trend)}
                  </td>
                  <td data-label="Last hour">
                    <Sparkline
                      values={recent}
                      summary={
                        low === high ? `${entry.name}: ${money(low)} all hour` : `${entry.name}: between ${money(low)} and ${money(high)} this hour, ${money(recent.at(-1)!)} now`
                      }
                    />
                  </td>
                </tr>
              );
            })}
          </Table>
          {entries.length === 0 && <p>No item matches “{filter}”.</p>}
        </>
      )}
    </Page>
  );
}
