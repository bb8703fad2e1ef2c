/**
 * The whitelist: on or off (the live setting whitelist.enabled), its
 * players a page at a time with their web accounts, add, remove, and a check
 * of one name.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Form, Outcome, useAction } from '../../parts/action.js';
import { Field } from '../../parts/field.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { Table } from '../../parts/table.js';
import { AdminPage } from '../parts/layout.js';

export function WhitelistPage() {
  const [page, setPage] = useState(1);
  const list = useLoad(() => data(api.request('get', '/api/whitelist', { query: { page, limit: 50 } })), [page]);
  const toggle = useAction();
  const change = useAction(['username']);
  const check = useAction(['username']);
  const [name, setName] = useState('');
  const [checkName, setCheckName] = useState('');

  const setEnabled = (enabled: boolean) =>
    void toggle.run(async () => {
      const answer = await data(api.request('post', '/api/admin/settings', { body: { whitelist: { enabled } } }));
      list.reload();
      const applied = answer.appliedInGame.includes('whitelist.enabled');
      return `The whitelist is ${enabled ? 'on' : 'off'}${applied ? ', and the game applied it' : ''}.`;
    });
  const alter = async (action: 'add' | 'remove', username: string) => {
    const answer = await data(api.request('post', action === 'add' ? '/api/whitelist/add' : '/api/whitelist/remove', { body: { username } }));
    if (action === 'add') setName('');
    list.reload();
    return answer.message;
  };

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
          <Success text={toggle.done} />
        </div>
      )}
      <div class="admin-columns">
        <Form action={change} class="card" labelledBy="add-title" submit={() => alter('add', name.trim())}>
          <h2 id="add-title">Add a player</h2>
          <Field label="Player name" name="username" value={name} onInput={setName} maxLength={16} required error={change.errorAt('username')} />
          <Outcome action={change} />
          <button type="submit" class="primary" disabled={change.busy}>
            Add to the whitelist
          </button>
        </Form>
        <Form
          action={check}
          class="card"
          labelledBy="check-title"
          submit={async () => {
            const answer = await data(api.request('get', '/api/whitelist/check', { query: { username: checkName.trim() } }));
            return `${answer.username} is ${answer.whitelisted ? '' : 'not '}on the whitelist${answer.enabled ? '' : ' (which is off)'}.`;
          }}
        >
          <h2 id="check-title">Check a player</h2>
          <Field label="Player name to check" name="check" value={checkName} onInput={setCheckName} maxLength={16} required error={check.errorAt('username')} />
          <Outcome action={check} />
          <button type="submit" disabled={check.busy}>
            Check
          </button>
        </Form>
      </div>
      {list.data && (
        <>
          <Table label="Whitelist" caption="Players on the whitelist" columns={['Player', 'Web account', 'UUID', 'Remove']} empty="Nobody is on the whitelist.">
            {list.data.entries.map((entry) => (
              <tr key={entry.uuid}>
                <td>{entry.name}</td>
                <td>{entry.account ?? 'none'}</td>
                <td class="mono">{entry.uuid}</td>
                <td>
                  <button type="button" disabled={change.busy} onClick={() => change.run(() => alter('remove', entry.name))} aria-label={`Remove ${entry.name} from the whitelist`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pages={list.data.pagination.pages} total={list.data.pagination.total} onPage={setPage} label="Pages of the whitelist" />
        </>
      )}
    </AdminPage>
  );
}
