/**
 * Making a web account: first the code `/register` gave in the game (checked
 * with verify-code, which names the player it belongs to), then username,
 * e-mail and password. Errors stand next to the field they concern.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Form, useAction } from '../parts/action.js';
import { Field } from '../parts/field.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { Problem } from '../parts/problem.js';
import { Link, navigate, useLocation } from '../router.js';

export function RegisterPage() {
  // The link in /register's answer in the game brings the code along.
  const { query } = useLocation();
  const [code, setCode] = useState(query.get('code') ?? '');
  const [player, setPlayer] = useState<string>();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const step = player === undefined ? 'code' : 'account';
  const action = useAction(step === 'code' ? ['code'] : ['username', 'email', 'password']);

  // A new step's first field takes the focus (the page's title has it when the page shows).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step) action.form.current?.querySelector<HTMLInputElement>('input')?.focus();
    shownStep.current = step;
  }, [step]);

  const checkCode = async () => {
    if (code.trim() === '') throw Problem.at('code', 'Enter the code the game gave you when you typed /register.');
    const answer = await data(api.request('post', '/api/auth/verify-code', { body: { code: code.trim() } }));
    if (!(answer.valid && answer.gameUsername)) throw new Problem(400, 'invalid_code', 'This code is not valid or has expired. Type /register in the game for a new one.', 'code');
    setPlayer(answer.gameUsername);
    if (!username) setUsername(answer.gameUsername);
  };

  const register = async () => {
    try {
      await data(api.request('post', '/api/auth/register', { body: { code: code.trim(), username, email, password } }));
    } catch (error) {
      // A refusal of the code (expired meanwhile, or its player has an account now) is shown at the code, on the first step.
      if (Problem.from(error).field === 'code') setPlayer(undefined);
      throw error;
    }
    navigate(`/login?registered=1&username=${encodeURIComponent(username)}`, { replace: true });
  };

  return (
    <Page title="Make your web account" class="narrow">
      {step === 'code' ? (
        // Keyed: without it the second step's inputs would be the first step's, and the code field's maxlength, removed from the reused input, becomes 0 and drops what is typed.
        <Form key="code" action={action} submit={checkCode}>
          <p>
            In the game, type <kbd>/register</kbd>. The game answers with a code: enter it here.
          </p>
          <Field label="Code from the game" name="code" value={code} onInput={setCode} autoComplete="one-time-code" required error={action.errorAt('code')} maxLength={64} />
          <ProblemNotice problem={action.unplaced} />
          <button type="submit" class="primary" disabled={action.busy}>
            {action.busy ? 'Checking…' : 'Check the code'}
          </button>
        </Form>
      ) : (
        <Form key="account" action={action} submit={register}>
          <p class="notice success" role="status">
            This code belongs to the player <strong>{player}</strong>.
          </p>
          <Field label="Username for the web" name="username" value={username} onInput={setUsername} autoComplete="username" required error={action.errorAt('username')} />
          <Field label="E-mail" name="email" type="email" value={email} onInput={setEmail} autoComplete="email" required error={action.errorAt('email')} />
          <Field
            label="Password"
            name="password"
            type="password"
            value={password}
            onInput={setPassword}
            autoComplete="new-password"
            required
            hint="At least 6 characters."
            error={action.errorAt('password')}
          />
          <ProblemNotice problem={action.unplaced} />
          <div class="actions">
            <button type="submit" class="primary" disabled={action.busy}>
              {action.busy ? 'Making your account…' : 'Make my account'}
            </button>
            <button type="button" onClick={() => setPlayer(undefined)}>
              Use another code
            </button>
          </div>
        </Form>
      )}
      <p>
        Already have an account? <Link href="/login">Log in</Link>.
      </p>
    </Page>
  );
}
