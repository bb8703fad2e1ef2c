/** Web accounts, searched by name, e-mail or player, a page at a time (GET /api/admin/users); the rows of the page loading are marked busy. */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { formatTime } from '../../parts/format.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { Table } from '../../parts/table.js';
import { AdminPage } from '../parts/layout.js';
import { SearchForm } from '../parts/search-form.js';

const pageSize = 25;

export function UsersPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useLoad(() => data(api.request('get', '/api/admin/users', { query: { page, limit: pageSize, search: search || undefined } })), [page, search]);
  // The pager shows the page of the rows on screen; the one asked for is "loading" until its rows arrive.
  const shownPage = users.data?.pagination.page ?? page;
  return (
    <AdminPage title="Users">
      <SearchForm
        label="Search accounts"
        name="search"
        hint="Part of a username, e-mail or player name."
        button="Search"
        onSearch={(text) => {
          setPage(1);
          setSearch(text);
        }}
      />
      <ProblemNotice problem={users.problem} retry={users.reload} />
      {users.data && (
        <>
          <Table
            label="Accounts"
            busy={users.loading}
            caption={search ? `Accounts matching “${search}”` : 'Every account'}
            columns={['Username', 'Player', 'E-mail', 'Admin', 'Whitelisted', 'Made', 'Last login']}
            empty="No account matches."
          >
            {users.data.users.map((user) => (
              <tr key={user.id}>
                <td>{user.username}</td>
                <td>{user.gameUsername}</td>
                <td>{user.email}</td>
                <td>{user.isAdmin ? 'yes' : 'no'}</td>
                <td>{user.isWhitelisted ? 'yes' : 'no'}</td>
                <td>{formatTime(user.createdAt)}</td>
                <td>{user.lastLogin ? formatTime(user.lastLogin) : 'never'}</td>
              </tr>
            ))}
          </Table>
          <Pager
            page={shownPage}
            pages={users.data.pagination.pages}
            total={users.data.pagination.total}
            loading={users.loading && page !== shownPage ? page : undefined}
            onPage={setPage}
            label="Pages of accounts"
          />
        </>
      )}
    </AdminPage>
  );
}
