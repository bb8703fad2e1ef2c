/** Every cache Gatehouse keeps, with its figures, and a way to empty one or all (on a network, on every server). */
import { api, data } from '../../api.js';
import { useAction } from '../../parts/action.js';
import { formatNumber } from '../../parts/format.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { numeric, Table } from '../../parts/table.js';
import { AdminPage } from '../parts/layout.js';

export function CachesPage() {
  const caches = useLoad(() => data(api.request('get', '/api/cache/stats')), []);
  const invalidate = useAction();
  const empty = (cache?: string) =>
    void invalidate.run(async () => {
      const answer = await data(api.request('post', '/api/cache/invalidate', { body: cache ? { cache } : {} }));
      caches.reload();
      return `${answer.message} (${answer.invalidated.map((entry) => `${entry.name}: ${entry.entries} entries`).join(', ') || 'nothing held'})`;
    });
  return (
    <AdminPage title="Caches" intro="Emptying a cache is safe: the next request reads the store again.">
      <ProblemNotice problem={caches.problem} retry={caches.reload} />
      <ProblemNotice problem={invalidate.problem} />
      <Success text={invalidate.done} />
      {caches.data && (
        <>
          <Table label="Caches" caption="Caches" columns={['Cache', ...['Size', 'Limit', 'Hits', 'Misses', 'Hit rate', 'Evictions', 'Time to live'].map(numeric), 'Empty']}>
            {caches.data.caches.map((cache) => (
              <tr key={cache.name}>
                <th scope="row">
                  {cache.name}
                  <span class="hint block">{cache.description}</span>
                </th>
                <td class="number">{formatNumber(cache.size)}</td>
                <td class="number">{formatNumber(cache.limit)}</td>
                <td class="number">{formatNumber(cache.hits)}</td>
                <td class="number">{formatNumber(cache.misses)}</td>
                <td class="number">{formatNumber(cache.hitRate * 100, 1)} %</td>
                <td class="number">{formatNumber(cache.evictions)}</td>
                <td class="number">{cache.ttlSeconds === null ? 'none' : `${formatNumber(cache.ttlSeconds)} s`}</td>
                <td>
                  <button type="button" disabled={invalidate.busy} onClick={() => empty(cache.name)} aria-label={`Empty ${cache.name}`}>
                    Empty
                  </button>
                </td>
              </tr>
            ))}
          </Table>
          <div class="actions">
            <button type="button" disabled={invalidate.busy} onClick={() => empty()}>
              Empty every cache
            </button>
            <button type="button" onClick={caches.reload}>
              Refresh figures
            </button>
          </div>
        </>
      )}
    </AdminPage>
  );
}
