/**
 * The authenticator app: set up (a QR code drawn here from the otpauth://
 * address, and the secret as text for an app that takes it typed; the first
 * code confirms it), its ten recovery codes shown once with a way to copy
 * or download them, new codes, and removing it. Changes ask the password.
 */
import { toString as qrSvg } from 'qrcode';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Form, Outcome, useAction } from '../parts/action.js';
import { Field } from '../parts/field.js';
import { useFocusBackToOpener, useFocusFirstFieldOn, useFocusOnChange, useFocusOnShow } from '../parts/focus.js';
import { RecoveryCodes } from './recovery-codes.js';

interface SetUp {
  secret: string;
  uri: string;
}

export function TotpSection(props: { status: { enabled: boolean; recoveryCodesLeft: number }; onChange: () => Promise<void> }) {
  const [setUp, setSetUp] = useState<SetUp>();
  const [codes, setCodes] = useState<string[]>();
  const start = useAction();
  // The app turned on or off, or its codes put away: the button pressed is gone, the section's title takes the focus.
  const title = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(title, `${props.status.enabled} ${codes !== undefined}`, codes !== undefined);

  if (codes) {
    return (
      <section class="card factor" aria-labelledby="totp-title">
        <h2 id="totp-title" ref={title} tabIndex={-1}>
          Authenticator app
        </h2>
        <RecoveryCodes
          codes={codes}
          onKept={() => {
            setCodes(undefined);
            void props.onChange();
          }}
        />
      </section>
    );
  }
  return (
    <section class="card factor" aria-labelledby="totp-title">
      <h2 id="totp-title" ref={title} tabIndex={-1}>
        Authenticator app
      </h2>
      {props.status.enabled ? (
        <TotpOn recoveryCodesLeft={props.status.recoveryCodesLeft} onCodes={setCodes} onChange={props.onChange} />
      ) : setUp ? (
        <TotpConfirm
          setUp={setUp}
          // The page reads the factors again once the codes are kept: an admin's hold lifted sooner would replace this page before they are.
          onConfirmed={async (recoveryCodes) => {
            setSetUp(undefined);
            setCodes(recoveryCodes);
          }}
        />
      ) : (
        <>
          <p>Off. Use an app such as Aegis, Google Authenticator, Microsoft Authenticator or 1Password.</p>
          <button
            type="button"
            class="primary"
            disabled={start.busy}
            onClick={() => void start.run(async () => setSetUp(await data(api.request('post', '/api/auth/factors/totp'))))}
          >
            Set up an authenticator app
          </button>
          <Outcome action={start} />
        </>
      )}
    </section>
  );
}

function TotpConfirm(props: { setUp: SetUp; onConfirmed: (codes: string[]) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [qr, setQr] = useState<string>();
  const confirm = useAction(['code']);
  const stepsTitle = useFocusOnShow<HTMLHeadingElement>();
  useEffect(() => {
    qrSvg(props.setUp.uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => setQr(undefined),
    );
  }, [props.setUp.uri]);
  const grouped = props.setUp.secret.match(/.{1,4}/g)?.join(' ') ?? props.setUp.secret;
  return (
    <>
      <h3 ref={stepsTitle} tabIndex={-1}>
        Set up the app
      </h3>
      <ol class="steps">
        <li>
          Scan this QR code with your app:
          {qr && <img class="qr" src={qr} width={200} height={200} alt="QR code of your authenticator app's secret (the same key is written out below)" />}
        </li>
        <li>
          Or type this key into the app (time-based, 6 digits):{' '}
          <code class="secret-key" data-testid="totp-secret">
            {grouped}
          </code>
        </li>
        <li>Then type the code the app shows, to prove it works:</li>
      </ol>
      <Form action={confirm} submit={async () => props.onConfirmed(await confirmed(code))}>
        <Field
          label="Code from the app"
          name="code"
          value={code}
          onInput={setCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          required
          error={confirm.errorAt('code')}
        />
        <Outcome action={confirm} />
        <button type="submit" class="primary" disabled={confirm.busy}>
          {confirm.busy ? 'Checking…' : 'Turn on'}
        </button>
      </Form>
    </>
  );
}

async function confirmed(code: string): Promise<string[]> {
  return (await data(api.request('post', '/api/auth/factors/totp/confirm', { body: { code: code.replace(/\s/g, '') } }))).recoveryCodes;
}

function TotpOn(props: { recoveryCodesLeft: number; onCodes: (codes: string[]) => void; onChange: () => Promise<void> }) {
  const [asking, setAsking] = useState<'renew' | 'remove'>();
  const [password, setPassword] = useState('');
  const change = useAction(['password']);
  // The form takes the focus when it opens, and gives it back to the button that opened it when it is cancelled.
  const renewButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  useFocusFirstFieldOn(change.form, asking);
  useFocusBackToOpener(asking, { renew: renewButton, remove: removeButton });
  const act = async () => {
    if (asking === 'renew') {
      props.onCodes((await data(api.request('post', '/api/auth/factors/recovery-codes', { body: { password } }))).recoveryCodes);
    } else {
      await data(api.request('post', '/api/auth/factors/totp/remove', { body: { password } }));
    }
    setAsking(undefined);
    setPassword('');
    await props.onChange();
  };
  return (
    <>
      <p data-testid="totp-on">
        On. Recovery codes left: <strong>{props.recoveryCodesLeft}</strong> of 10.
      </p>
      {asking ? (
        <Form action={change} submit={act}>
          <Field
            label={asking === 'renew' ? 'Your password, to make new recovery codes' : 'Your password, to remove the app'}
            name="password"
            type="password"
            value={password}
            onInput={setPassword}
            autoComplete="current-password"
            required
            error={change.errorAt('password')}
          />
          <Outcome action={change} />
          <div class="row">
            <button type="submit" class={asking === 'remove' ? 'danger' : 'primary'} disabled={change.busy}>
              {asking === 'renew' ? 'Make new codes' : 'Remove the app'}
            </button>
            <button type="button" onClick={() => setAsking(undefined)}>
              Cancel
            </button>
          </div>
        </Form>
      ) : (
        <div class="row">
          <button type="button" ref={renewButton} onClick={() => setAsking('renew')}>
            New recovery codes…
          </button>
          <button type="button" ref={removeButton} class="danger" onClick={() => setAsking('remove')}>
            Remove the app…
          </button>
        </div>
      )}
    </>
  );
}
