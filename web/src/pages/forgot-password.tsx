/**
 * A forgotten password: the code `/resetpassword` gave in the game (filled
 * in when the page is opened from the link in the game's answer,
 * `/forgot-password?code=...`) and a new password. Every session of the
 * account ends, this browser's too, so the person logs in afterwards.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Form, Outcome, useAction } from '../parts/action.js';
import { Field } from '../parts/field.js';
import { NewPasswordFields, useNewPassword } from '../parts/new-password.js';
import { Page } from '../parts/page.js';
import { Problem } from '../parts/problem.js';
import { Link, navigate, useLocation } from '../router.js';
import { endSession } from '../session.js';

export function ForgotPasswordPage() {
  const { query } = useLocation();
  const [code, setCode] = useState(query.get('code') ?? '');
  const password = useNewPassword();
  const reset = useAction(['code', 'newPassword', 'repeated']);

  const submit = async () => {
    if (code.trim() === '') throw Problem.at('code', 'Enter the code the game gave you when you typed /resetpassword.');
    const newPassword = password.checked();
    const answer = await data(api.request('post', '/api/auth/password/reset', { body: { code: code.trim(), newPassword } }));
    // Every session of the account ended on the server: this page's too.
    endSession();
    navigate(`/login?reset=1&username=${encodeURIComponent(answer.username)}`, { replace: true });
  };

  return (
    <Page title="Forgot your password?" class="narrow">
      <Form action={reset} submit={submit}>
        <p>
          In the game, type <kbd>/resetpassword</kbd> (<kbd>/trigger resetpassword</kbd> on a server without plugins). The game answers with a code for your web account: enter it
          here with a new password. Every session of your account then ends, on every device.
        </p>
        <Field label="Code from the game" name="code" value={code} onInput={setCode} autoComplete="one-time-code" required error={reset.errorAt('code')} maxLength={64} />
        <NewPasswordFields password={password} errorAt={reset.errorAt} />
        <Outcome action={reset} />
        <button type="submit" class="primary" disabled={reset.busy}>
          {reset.busy ? 'Setting your password…' : 'Set the new password'}
        </button>
      </Form>
      <p>
        Remembered it? <Link href="/login">Log in</Link>.
      </p>
    </Page>
  );
}
