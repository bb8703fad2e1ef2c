/** Every cache Gatehouse keeps, with its figures, and a way to empty one or all (on a network, on every server). */
import { api, data } from '../../api.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { useAction } from '../parts/action.js';
import { formatNumber } from '../parts/format.js';
import { AdminPage } from '../parts/layout.js';
import { TableScroll } from '../parts/table-scroll.js';

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
      <Success text={invalidate.said} />
      {caches.data && (
        <>
          <TableScroll label="Caches">
            <table>
              <caption>Caches</caption>
              <thead>
                <tr>
                  <th scope="col">Cache</th>
                  <th scope="col" class="number">
                    Size
                  </th>
                  <th scope="col" class="number">
                    Limit
                  </th>
                  <th scope="col" class="number">
                    Hits
                  </th>
                  <th scope="col" class="number">
                    Misses
                  </th>
                  <th scope="col" class="number">
                    Hit rate
                  </th>
                  <th scope="col" class="number">
                    Evictions
                  </th>
                  <th scope="col" class="number">
                    Time to live
                  </th>
                  <th scope="col">Empty</th>
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </TableScroll>
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
