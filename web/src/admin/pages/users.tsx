/** Web accounts, searched by name, e-mail or player, a page at a time (GET /api/admin/users); the rows of the page loading are marked busy. */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Field } from '../../parts/field.js';
import { useLoad } from '../../parts/load.js';
import { formatTime } from '../../parts/money.js';
import { ProblemNotice } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { AdminPage } from '../parts/layout.js';
import { TableScroll } from '../parts/table-scroll.js';

const pageSize = 25;

export function UsersPage() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useLoad(() => data(api.request('get', '/api/admin/users', { query: { page, limit: pageSize, search: search || undefined } })), [page, search]);
  // The pager shows the page of the rows on screen; the one asked for is "loading" until its rows arrive.
  const shownPage = users.data?.pagination.page ?? page;
  return (
    <AdminPage title="Users">
      <form
        class="admin-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setSearch(typed.trim());
        }}
      >
        <Field label="Search accounts" name="search" type="search" value={typed} onInput={setTyped} hint="Part of a username, e-mail or player name." />
        <button type="submit">Search</button>
      </form>
      <ProblemNotice problem={users.problem} retry={users.reload} />
      {users.data && (
        <>
          <TableScroll label="Accounts">
            <table aria-busy={users.loading ? 'true' : undefined}>
              <caption>{search ? `Accounts matching “${search}”` : 'Every account'}</caption>
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">Player</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Admin</th>
                  <th scope="col">Whitelisted</th>
                  <th scope="col">Made</th>
                  <th scope="col">Last login</th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.length === 0 && (
                  <tr>
                    <td colSpan={7}>No account matches.</td>
                  </tr>
                )}
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
              </tbody>
            </table>
          </TableScroll>
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
