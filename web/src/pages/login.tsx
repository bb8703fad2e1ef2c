/**
 * Log in with the web account's username and password, and then, for an
 * account with a second factor, with it (./second-factor.tsx); or with a
 * passkey alone. Then back to the page that asked, or the account page.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Form, useAction } from '../parts/action.js';
import { Field } from '../parts/field.js';
import { loggedIn } from '../parts/logged-in.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { passkeysSupported } from '../parts/passkeys-supported.js';
import { Link, navigate, useLocation } from '../router.js';
import { SecondFactorStep, type Step } from './second-factor.js';

const reasons: Record<string, string> = {
  ended: 'Your session has ended: it was ended from another device, by a password change or a change to your second factors, or went unused too long. Log in again to carry on.',
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
  const [step, setStep] = useState<Step>();
  const login = useAction(['username', 'password']);
  const passkey = useAction();
  const reason = reasons[query.get('reason') ?? ''];
  const registered = query.get('registered') === '1';
  const reset = query.get('reset') === '1';
  const onwards = () => navigate(safeNext(query.get('next')), { replace: true });
  // Back from a second step that ran out: the password is typed again.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current && !step) login.form.current?.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
    shownStep.current = step;
  }, [step]);

  const logIn = async () => {
    const answer = await data(api.request('post', '/api/auth/session', { body: { username, password } }));
    if ('secondFactor' in answer) {
      setPassword('');
      setStep(answer.secondFactor);
      return;
    }
    await loggedIn(answer);
    onwards();
  };
  const logInWithPasskey = async () => {
    const options = await data(api.request('post', '/api/auth/passkey/options'));
    const response = await (await import('../parts/passkey.js')).answerWithPasskey(options.options);
    await loggedIn(await data(api.request('post', '/api/auth/session/passkey', { body: { response } })));
    onwards();
  };

  if (step) {
    return (
      <Page title="Log in: second step" class="narrow">
        <SecondFactorStep step={step} onDone={onwards} onRestart={() => setStep(undefined)} />
      </Page>
    );
  }
  return (
    <Page title="Log in" class="narrow">
      {registered && (
        <p class="notice success" role="status">
          Your account is made. Log in with your new password.
        </p>
      )}
      {reset && (
        <p class="notice success" role="status">
          Your password is changed, and every session of your account has ended. Log in with the new password.
        </p>
      )}
      {reason && !registered && !reset && (
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
      {passkeysSupported() && (
        <div class="passkey-login">
          <p>Or with a passkey you registered under Sign-in security on your account page (no username or password):</p>
          <button type="button" disabled={passkey.busy} onClick={() => void passkey.run(logInWithPasskey)}>
            {passkey.busy ? 'Waiting for your passkey…' : 'Use a passkey instead'}
          </button>
          <ProblemNotice problem={passkey.problem} />
        </div>
      )}
      <p>
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        No account yet? Type <kbd>/register</kbd> in the game, then <Link href="/register">make your account</Link>.
      </p>
    </Page>
  );
}
