/**
 * The whitelist: on or off (the live setting whitelist.enabled), its
 * players a page at a time with their web accounts, add, remove, and a check
 * of one name.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Field } from '../../parts/field.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { errorFor, unplacedProblem, useAction } from '../parts/action.js';
import { AdminPage } from '../parts/layout.js';
import { TableScroll } from '../parts/table-scroll.js';

export function WhitelistPage() {
  const [page, setPage] = useState(1);
  const list = useLoad(() => data(api.request('get', '/api/whitelist', { query: { page, limit: 50 } })), [page]);
  const toggle = useAction();
  const change = useAction();
  const check = useAction();
  const [name, setName] = useState('');
  const [checkName, setCheckName] = useState('');

  const setEnabled = (enabled: boolean) =>
    void toggle.run(async () => {
      const answer = await data(api.request('post', '/api/admin/settings', { body: { whitelist: { enabled } } }));
      list.reload();
      const applied = answer.appliedInGame.includes('whitelist.enabled');
      return `The whitelist is ${enabled ? 'on' : 'off'}${applied ? ', and the game applied it' : ''}.`;
    });
  const alter = (action: 'add' | 'remove', username: string) =>
    void change.run(async () => {
      const answer = await data(api.request('post', action === 'add' ? '/api/whitelist/add' : '/api/whitelist/remove', { body: { username } }));
      if (action === 'add') setName('');
      list.reload();
      return answer.message;
    });

  return (
    <AdminPage title="Whitelist">
      <ProblemNotice problem={list.problem} retry={list.reload} />
      {list.data && (
        <div class="card">
          <h2>{list.data.enabled ? 'The whitelist is on' : 'The whitelist is off'}</h2>
          <p>{list.data.enabled ? 'Only the players listed below may join.' : 'Anyone may join; the list is kept for when it is turned on.'}</p>
          <button type="button" disabled={toggle.busy} onClick={() => setEnabled(!list.data!.enabled)}>
            {list.data.enabled ? 'Turn the whitelist off' : 'Turn the whitelist on'}
          </button>
          <ProblemNotice problem={toggle.problem} />
          <Success text={toggle.said} />
        </div>
      )}
      <div class="admin-columns">
        <form
          class="card"
          aria-labelledby="add-title"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            alter('add', name.trim());
          }}
        >
          <h2 id="add-title">Add a player</h2>
          <Field label="Player name" name="username" value={name} onInput={setName} maxLength={16} required error={errorFor(change, 'username')} />
          <ProblemNotice problem={unplacedProblem(change, ['username'])} />
          <Success text={change.said} />
          <button type="submit" class="primary" disabled={change.busy}>
            Add to the whitelist
          </button>
        </form>
        <form
          class="card"
          aria-labelledby="check-title"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void check.run(async () => {
              const answer = await data(api.request('get', '/api/whitelist/check', { query: { username: checkName.trim() } }));
              return `${answer.username} is ${answer.whitelisted ? '' : 'not '}on the whitelist${answer.enabled ? '' : ' (which is off)'}.`;
            });
          }}
        >
          <h2 id="check-title">Check a player</h2>
          <Field label="Player name to check" name="check" value={checkName} onInput={setCheckName} maxLength={16} required error={errorFor(check, 'username')} />
          <ProblemNotice problem={unplacedProblem(check, ['username'])} />
          <Success text={check.said} />
          <button type="submit" disabled={check.busy}>
            Check
          </button>
        </form>
      </div>
      {list.data && (
        <>
          <TableScroll label="Whitelist">
            <table>
              <caption>Players on the whitelist</caption>
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col">Web account</th>
                  <th scope="col">UUID</th>
                  <th scope="col">Remove</th>
                </tr>
              </thead>
              <tbody>
                {list.data.entries.length === 0 && (
                  <tr>
                    <td colSpan={4}>Nobody is on the whitelist.</td>
                  </tr>
                )}
                {list.data.entries.map((entry) => (
                  <tr key={entry.uuid}>
                    <td>{entry.name}</td>
                    <td>{entry.account ?? 'none'}</td>
                    <td class="mono">{entry.uuid}</td>
                    <td>
                      <button type="button" disabled={change.busy} onClick={() => alter('remove', entry.name)} aria-label={`Remove ${entry.name} from the whitelist`}>
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={page} pages={list.data.pagination.pages} total={list.data.pagination.total} onPage={setPage} label="Pages of the whitelist" />
        </>
      )}
    </AdminPage>
  );
}
