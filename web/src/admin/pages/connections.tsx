/**
 * The connection log: logins, refused logins and logouts with their
 * addresses, newest first. The player filter is the API's (the whole log);
 * the kind and outcome filters narrow the page shown.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Choice } from '../../parts/field.js';
import { formatTime } from '../../parts/format.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { Table } from '../../parts/table.js';
import { AdminPage } from '../parts/layout.js';
import { SearchForm } from '../parts/search-form.js';

export function ConnectionsPage() {
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
      <SearchForm
        label="Player"
        name="username"
        hint="The exact player name; empty for everyone."
        button="Filter"
        onSearch={(text) => {
          setPage(1);
          setUsername(text);
        }}
      />
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
          options={['25', '50', '100', '500']}
        />
      </div>
      <ProblemNotice problem={log.problem} retry={log.reload} />
      {log.data && (
        <>
          <Table
            label="Connection log"
            caption={`${username ? `Connections of ${username}` : 'Every connection'}, page ${page} (${shown.length} of ${log.data.connections.length} shown)`}
            columns={['When', 'Player', 'Kind', 'Address', 'Outcome']}
            empty="No connection matches."
          >
            {shown.map((entry) => (
              <tr key={entry.id}>
                <td>{formatTime(entry.timestamp)}</td>
                <td>{entry.username}</td>
                <td>{entry.action === 'LOGIN' ? 'login' : 'logout'}</td>
                <td>{entry.ipAddress}</td>
                <td>{entry.success ? 'let in' : `refused${entry.reason ? `: ${entry.reason}` : ''}`}</td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pages={log.data.pagination.pages} total={log.data.pagination.total} onPage={setPage} label="Pages of the connection log" />
        </>
      )}
    </AdminPage>
  );
}
