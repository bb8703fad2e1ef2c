/**
 * The login's second step: the code of the authenticator app, a recovery
 * code, or a passkey, sent with the ticket the password's step answered.
 * A wrong code is said at its field and may be typed again (the ticket
 * stays); a ticket that ran out sends the person back to the password.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Form, useAction } from '../parts/action.js';
import { Field } from '../parts/field.js';
import { useFocusFirstFieldOn, useFocusOnChange } from '../parts/focus.js';
import { loggedIn } from '../parts/logged-in.js';
import { ProblemNotice } from '../parts/notice.js';
import { passkeysSupported } from '../parts/passkeys-supported.js';

export interface Step {
  methods: Array<'totp' | 'recovery-code' | 'passkey'>;
  ticket: string;
}

export function SecondFactorStep(props: { step: Step; onDone: () => void; onRestart: () => void }) {
  const { methods, ticket } = props.step;
  const [way, setWay] = useState<'totp' | 'recovery-code'>('totp');
  const [code, setCode] = useState('');
  const submit = useAction(['code']);
  const passkey = useAction();
  const expired = submit.problem?.code === 'invalid_ticket' || passkey.problem?.code === 'invalid_ticket';
  // The password's form is gone: the step's first control takes the focus; its field again when the way changes; the way back when the step ran out.
  const step = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  useFocusFirstFieldOn(step, ticket);
  useFocusOnChange(back, expired);
  const shownWay = useRef(way);
  useEffect(() => {
    if (shownWay.current !== way) submit.form.current?.querySelector('input')?.focus();
    shownWay.current = way;
  }, [way]);

  const sendCode = async () => {
    const body = way === 'totp' ? { ticket, code: code.replace(/\s/g, '') } : { ticket, recoveryCode: code };
    await loggedIn(await data(api.request('post', '/api/auth/session/second-factor', { body })));
    props.onDone();
  };
  const usePasskey = async () => {
    const options = await data(api.request('post', '/api/auth/login/second-factor/options', { body: { ticket } }));
    const response = await (await import('../parts/passkey.js')).answerWithPasskey(options.options);
    await loggedIn(await data(api.request('post', '/api/auth/session/second-factor', { body: { ticket, passkey: response } })));
    props.onDone();
  };

  if (expired) {
    return (
      <div class="notice problem" role="alert">
        <p>This login step has expired or was used. Log in again with your password.</p>
        <button type="button" ref={back} onClick={props.onRestart}>
          Back to the password
        </button>
      </div>
    );
  }
  return (
    <div ref={step}>
      <p>Your password was right. Your account has a second factor: prove it is you with it.</p>
      {methods.includes('passkey') && passkeysSupported() && (
        <div class="passkey-login">
          <button type="button" class="primary" disabled={passkey.busy} onClick={() => void passkey.run(usePasskey)}>
            {passkey.busy ? 'Waiting for your passkey…' : 'Use my passkey'}
          </button>
          <ProblemNotice problem={passkey.problem} />
        </div>
      )}
      {methods.includes('totp') && (
        <Form action={submit} submit={sendCode}>
          {way === 'totp' ? (
            <Field
              label="Code from your authenticator app"
              name="code"
              value={code}
              onInput={setCode}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={8}
              required
              hint="Six digits; a new code comes every 30 seconds."
              error={submit.errorAt('code')}
            />
          ) : (
            <Field
              label="Recovery code"
              name="code"
              value={code}
              onInput={setCode}
              autoComplete="off"
              maxLength={32}
              required
              hint="One of the ten codes you kept when you set up the app, like ABCD-EFGH-JKLM-NPQR. Each works once."
              error={submit.errorAt('code')}
            />
          )}
          <ProblemNotice problem={submit.unplaced} />
          <button type="submit" class="primary" disabled={submit.busy}>
            {submit.busy ? 'Checking…' : 'Log in'}
          </button>
          <button
            type="button"
            class="link"
            onClick={() => {
              setWay(way === 'totp' ? 'recovery-code' : 'totp');
              setCode('');
              submit.clear();
            }}
          >
            {way === 'totp' ? 'I cannot use my app: use a recovery code' : 'Use the code from my app'}
          </button>
        </Form>
      )}
    </div>
  );
}
