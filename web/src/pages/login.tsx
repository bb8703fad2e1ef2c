/** Log in with the web account's username and password; then back to the page that asked, or the account page. */
import { useRef, useState } from 'preact/hooks';
import { api, data, Problem } from '../api.js';
import { Field } from '../parts/field.js';
import { fieldError, unplacedProblem, useFocusOnRefusal } from '../parts/form-problem.js';
import { ProblemNotice } from '../parts/notice.js';
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
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const reason = reasons[query.get('reason') ?? ''];
  const registered = query.get('registered') === '1';
  const form = useRef<HTMLFormElement>(null);

  useFocusOnRefusal(form, problem);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const login = await data(api.request('post', '/api/auth/login', { body: { username, password } }));
      startSession(login);
      navigate(safeNext(query.get('next')), { replace: true });
    } catch (error) {
      setProblem(error instanceof Problem ? error : new Problem(0, 'unexpected', String(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="page-title" class="narrow">
      <h1 id="page-title" tabIndex={-1}>
        Log in
      </h1>
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
      <form ref={form} onSubmit={submit} noValidate>
        <Field label="Username" name="username" value={username} onInput={setUsername} autoComplete="username" required error={fieldError(problem, 'username')} />
        <Field
          label="Password"
          name="password"
          type="password"
          value={password}
          onInput={setPassword}
          autoComplete="current-password"
          required
          error={fieldError(problem, 'password')}
        />
        <ProblemNotice problem={unplacedProblem(problem, ['username', 'password'])} />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <p>
        No account yet? Type <kbd>/register</kbd> in the game, then <Link href="/register">make your account</Link>.
      </p>
    </section>
  );
}
