/**
 * The connection log: logins, refused logins and logouts with their
 * addresses, newest first. The player filter is the API's (the whole log);
 * the kind and outcome filters narrow the page shown.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Choice, Field } from '../../parts/field.js';
import { useLoad } from '../../parts/load.js';
import { formatTime } from '../../parts/money.js';
import { ProblemNotice } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { AdminPage } from '../parts/layout.js';
import { TableScroll } from '../parts/table-scroll.js';

export function ConnectionsPage() {
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState('50');
  const [kind, setKind] = useState('all');
  const [outcome, setOutcome] = useState('all');
  const log = useLoad(
    () => data(api.request('get', '/api/admin/connections', { query: { page, limit: Number(limit), username: username || undefined } })),
    [page, username, limit],
  );
  const shown = (log.data?.connections ?? []).filter((entry) => (kind === 'all' || entry.action === kind) && (outcome === 'all' || (outcome === 'ok') === entry.success));
  return (
    <AdminPage title="Connection log">
      <form
        class="admin-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setUsername(typed.trim());
        }}
      >
        <Field label="Player" name="username" type="search" value={typed} onInput={setTyped} hint="The exact player name; empty for everyone." />
        <button type="submit">Filter</button>
      </form>
      <div class="admin-toolbar">
        <Choice
          label="Kind"
          name="kind"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'all', label: 'Logins and logouts' },
            { value: 'LOGIN', label: 'Logins' },
            { value: 'LOGOUT', label: 'Logouts' },
          ]}
        />
        <Choice
          label="Outcome"
          name="outcome"
          value={outcome}
          onChange={setOutcome}
          options={[
            { value: 'all', label: 'Any' },
            { value: 'ok', label: 'Let in' },
            { value: 'refused', label: 'Refused' },
          ]}
        />
        <Choice
          label="Per page"
          name="limit"
          value={limit}
          onChange={(value) => {
            setPage(1);
            setLimit(value);
          }}
          options={['25', '50', '100', '500'].map((value) => ({ value, label: value }))}
        />
      </div>
      <ProblemNotice problem={log.problem} retry={log.reload} />
      {log.data && (
        <>
          <TableScroll label="Connection log">
            <table>
              <caption>
                {username ? `Connections of ${username}` : 'Every connection'}, page {page} ({shown.length} of {log.data.connections.length} shown)
              </caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Player</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Address</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {shown.length === 0 && (
                  <tr>
                    <td colSpan={5}>No connection matches.</td>
                  </tr>
                )}
                {shown.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatTime(entry.timestamp)}</td>
                    <td>{entry.username}</td>
                    <td>{entry.action === 'LOGIN' ? 'login' : 'logout'}</td>
                    <td>{entry.ipAddress}</td>
                    <td>{entry.success ? 'let in' : `refused${entry.reason ? `: ${entry.reason}` : ''}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={page} pages={log.data.pagination.pages} total={log.data.pagination.total} onPage={setPage} label="Pages of the connection log" />
        </>
      )}
    </AdminPage>
  );
}
