/**
 * Web accounts, searched by name, e-mail or player, a page at a time (GET /api/admin/users); the rows of the page loading are marked busy.
 * An admin may reset an account's second factors (a person who lost their phone and their recovery codes), asked twice.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Outcome, useAction } from '../../parts/action.js';
import { formatTime } from '../../parts/format.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { Table } from '../../parts/table.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';
import { SearchForm } from '../parts/search-form.js';

const pageSize = 25;

export function UsersPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useLoad(() => data(api.request('get', '/api/admin/users', { query: { page, limit: pageSize, search: search || undefined } })), [page, search]);
  // The pager shows the page of the rows on screen; the one asked for is "loading" until its rows arrive.
  const shownPage = users.data?.pagination.page ?? page;
  const reset = useAction();
  const resetFactors = (username: string) =>
    void reset.run(async () => (await data(api.request('delete', '/api/admin/users/{username}/factors', { params: { username } }))).message);
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
      <Outcome action={reset} />
      {users.data && (
        <>
          <Table
            label="Accounts"
            // A card an account on a phone: a row's Reset, asked, has the card's width to say what it does.
            stack
            busy={users.loading}
            caption={search ? `Accounts matching “${search}”` : 'Every account'}
            columns={['Username', 'Player', 'E-mail', 'Admin', 'Whitelisted', 'Made', 'Last login', 'Second factors']}
            empty="No account matches."
          >
            {users.data.users.map((user) => (
              <tr key={user.id}>
                <td data-label="Username">{user.username}</td>
                <td data-label="Player">{user.gameUsername}</td>
                <td data-label="E-mail">{user.email}</td>
                <td data-label="Admin">{user.isAdmin ? 'yes' : 'no'}</td>
                <td data-label="Whitelisted">{user.isWhitelisted ? 'yes' : 'no'}</td>
                <td data-label="Made">{formatTime(user.createdAt)}</td>
                <td data-label="Last login">{user.lastLogin ? formatTime(user.lastLogin) : 'never'}</td>
                <td class="whole" data-label="Second factors">
                  <ConfirmButton
                    label="Reset"
                    name={`Reset the second factors of ${user.username}`}
                    question={`Reset the second factors of ${user.username}? Their app, recovery codes and passkeys stop working; they log in with the password alone until they set up new ones.`}
                    confirmLabel="Yes, reset them"
                    busy={reset.busy}
                    // Not on rows that are on their way out (the next page loading), whose dimmed red would not read either.
                    disabled={users.loading}
                    onConfirm={() => resetFactors(user.username)}
                  />
                </td>
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
