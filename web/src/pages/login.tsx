/** Log in with the web account's username and password; then back to the page that asked, or the account page. */
import { useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Form, useAction } from '../parts/action.js';
import { Field } from '../parts/field.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { Link, navigate, useLocation } from '../router.js';
import { startSession } from '../session.js';

const reasons: Record<string, string> = {
  expired: 'Your session expired. Log in again to carry on.',
  'signed-out': 'Gatehouse no longer accepts your session. Log in again to carry on.',
  needed: 'Log in to see this page.',
  'logged-out': 'You are logged out.',
};

/** Only a path of this site, so a crafted link cannot send the player elsewhere after logging in. */
export function safeNext(next: string | null): string {
  // `//host` and `/\host` are other sites to a browser.
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && !next.startsWith('/login') ? next : '/account';
}

export function LoginPage() {
  const { query } = useLocation();
  const [username, setUsername] = useState(query.get('username') ?? '');
  const [password, setPassword] = useState('');
  const login = useAction(['username', 'password']);
  const reason = reasons[query.get('reason') ?? ''];
  const registered = query.get('registered') === '1';

  const logIn = async () => {
    startSession(await data(api.request('post', '/api/auth/login', { body: { username, password } })));
    navigate(safeNext(query.get('next')), { replace: true });
  };

  return (
    <Page title="Log in" class="narrow">
      {registered && (
        <p class="notice success" role="status">
          Your account is made. Log in with your new password.
        </p>
      )}
      {reason && !registered && (
        <p class="notice" role="status">
          {reason}
        </p>
      )}
      <Form action={login} submit={logIn}>
        <Field label="Username" name="username" value={username} onInput={setUsername} autoComplete="username" required error={login.errorAt('username')} />
        <Field label="Password" name="password" type="password" value={password} onInput={setPassword} autoComplete="current-password" required error={login.errorAt('password')} />
        <ProblemNotice problem={login.unplaced} />
        <button type="submit" class="primary" disabled={login.busy}>
          {login.busy ? 'Logging in…' : 'Log in'}
        </button>
      </Form>
      <p>
        No account yet? Type <kbd>/register</kbd> in the game, then <Link href="/register">make your account</Link>.
      </p>
    </Page>
  );
}
