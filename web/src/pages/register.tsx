/**
 * Making a web account: first the code `/register` gave in the game (checked
 * with verify-code, which names the player it belongs to), then username,
 * e-mail and password. Errors stand next to the field they concern.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data, Problem } from '../api.js';
import { Field } from '../parts/field.js';
import { fieldError as errorAt, unplacedProblem, useFocusOnRefusal } from '../parts/form-problem.js';
import { ProblemNotice } from '../parts/notice.js';
import { Link, navigate, useLocation } from '../router.js';

export function RegisterPage() {
  // The link in /register's answer in the game brings the code along.
  const { query } = useLocation();
  const [code, setCode] = useState(query.get('code') ?? '');
  const [player, setPlayer] = useState<string>();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useFocusOnRefusal(form, problem);
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [player === undefined]);

  const fail = (error: unknown) => setProblem(error instanceof Problem ? error : new Problem(0, 'unexpected', String(error)));
  const fieldError = (name: string) => errorAt(problem, name);

  const checkCode = async (event: Event) => {
    event.preventDefault();
    setProblem(undefined);
    if (code.trim() === '') return setProblem(new Problem(400, 'invalid_field', 'Enter the code the game gave you when you typed /register.', 'code'));
    setBusy(true);
    try {
      const answer = await data(api.request('post', '/api/auth/verify-code', { body: { code: code.trim() } }));
      if (answer.valid && answer.gameUsername) {
        setPlayer(answer.gameUsername);
        if (!username) setUsername(answer.gameUsername);
      } else {
        setProblem(new Problem(400, 'invalid_code', 'This code is not valid or has expired. Type /register in the game for a new one.', 'code'));
      }
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const register = async (event: Event) => {
    event.preventDefault();
    setProblem(undefined);
    setBusy(true);
    try {
      await data(api.request('post', '/api/auth/register', { body: { code: code.trim(), username, email, password } }));
      navigate(`/login?registered=1&username=${encodeURIComponent(username)}`, { replace: true });
    } catch (error) {
      // A refusal of the code (expired meanwhile, or its player has an account now) is shown at the code, on the first step.
      if (error instanceof Problem && error.field === 'code') setPlayer(undefined);
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const unplaced = unplacedProblem(problem, player === undefined ? ['code'] : ['username', 'email', 'password']);
  return (
    <section aria-labelledby="page-title" class="narrow">
      <h1 id="page-title" tabIndex={-1}>
        Make your web account
      </h1>
      {player === undefined ? (
        // Keyed: without it the second step's inputs would be the first step's, and the code field's maxlength, removed from the reused input, becomes 0 and drops what is typed.
        <form key="code" ref={form} onSubmit={checkCode} noValidate>
          <p>
            In the game, type <kbd>/register</kbd>. The game answers with a code: enter it here.
          </p>
          <Field label="Code from the game" name="code" value={code} onInput={setCode} autoComplete="one-time-code" required error={fieldError('code')} maxLength={64} />
          <ProblemNotice problem={unplaced} />
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Checking…' : 'Check the code'}
          </button>
        </form>
      ) : (
        <form key="account" ref={form} onSubmit={register} noValidate>
          <p class="notice success" role="status">
            This code belongs to the player <strong>{player}</strong>.
          </p>
          <Field label="Username for the web" name="username" value={username} onInput={setUsername} autoComplete="username" required error={fieldError('username')} />
          <Field label="E-mail" name="email" type="email" value={email} onInput={setEmail} autoComplete="email" required error={fieldError('email')} />
          <Field
            label="Password"
            name="password"
            type="password"
            value={password}
            onInput={setPassword}
            autoComplete="new-password"
            required
            hint="At least 6 characters."
            error={fieldError('password')}
          />
          <ProblemNotice problem={unplaced} />
          <div class="actions">
            <button type="submit" class="primary" disabled={busy}>
              {busy ? 'Making your account…' : 'Make my account'}
            </button>
            <button type="button" onClick={() => setPlayer(undefined)}>
              Use another code
            </button>
          </div>
        </form>
      )}
      <p>
        Already have an account? <Link href="/login">Log in</Link>.
      </p>
    </section>
  );
}
