/**
 * Passkeys: registered here (the browser makes one with the device's lock
 * or a security key), named so the person knows which is which, renamed,
 * removed (the password is asked). Each logs in alone or serves as the
 * second step after the password.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Form, Outcome, useAction } from '../parts/action.js';
import { Field } from '../parts/field.js';
import { useFocusBackToOpener, useFocusFirstFieldOn } from '../parts/focus.js';
import { formatTime } from '../parts/format.js';
import { makePasskey } from '../parts/passkey.js';
import { passkeysSupported } from '../parts/passkeys-supported.js';

interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  synced: boolean;
}

export function PasskeysSection(props: { passkeys: Passkey[]; onChange: () => Promise<void> }) {
  const [name, setName] = useState('');
  const add = useAction(['name']);
  // A passkey removed takes its buttons with it: the section's title takes the focus.
  const title = useRef<HTMLHeadingElement>(null);
  const shownCount = useRef(props.passkeys.length);
  useEffect(() => {
    if (props.passkeys.length < shownCount.current) title.current?.focus();
    shownCount.current = props.passkeys.length;
  }, [props.passkeys.length]);
  const register = async () => {
    const options = await data(api.request('post', '/api/auth/factors/passkeys/options'));
    const response = await makePasskey(options.options);
    const made = await data(api.request('post', '/api/auth/factors/passkeys', { body: { name: name.trim() || 'Passkey', response } }));
    setName('');
    await props.onChange();
    return `The passkey ${made.passkey.name} is registered.`;
  };
  return (
    <section class="card factor" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" ref={title} tabIndex={-1}>
        Passkeys
      </h2>
      {props.passkeys.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul class="passkeys" data-testid="passkeys">
          {props.passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onChange={props.onChange} />
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <Form action={add} submit={register}>
          <Field
            label="Name of the new passkey"
            name="name"
            value={name}
            onInput={setName}
            maxLength={64}
            hint="So you know it later: the device or key it is on, like “Phone” or “Blue key”."
            error={add.errorAt('name')}
          />
          <Outcome action={add} />
          <button type="submit" class="primary" disabled={add.busy}>
            {add.busy ? 'Waiting for your device…' : 'Register a passkey'}
          </button>
        </Form>
      ) : (
        <p>This browser cannot make passkeys.</p>
      )}
    </section>
  );
}

function PasskeyItem(props: { passkey: Passkey; onChange: () => Promise<void> }) {
  const { passkey } = props;
  const [mode, setMode] = useState<'rename' | 'remove'>();
  const [value, setValue] = useState('');
  const change = useAction(['name', 'password']);
  // The form takes the focus when it opens, and gives it back to the button that opened it when it closes.
  const renameButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  useFocusFirstFieldOn(change.form, mode);
  useFocusBackToOpener(mode, { rename: renameButton, remove: removeButton });
  const submit = async () => {
    if (mode === 'rename') {
      await data(api.request('post', '/api/auth/factors/passkeys/{id}', { params: { id: passkey.id }, body: { name: value } }));
    } else {
      await data(api.request('post', '/api/auth/factors/passkeys/{id}/remove', { params: { id: passkey.id }, body: { password: value } }));
    }
    setMode(undefined);
    setValue('');
    await props.onChange();
  };
  return (
    <li>
      <strong>{passkey.name}</strong>
      <span class="hint">
        {' '}
        added {formatTime(passkey.createdAt)}; {passkey.lastUsedAt ? `last used ${formatTime(passkey.lastUsedAt)}` : 'not used yet'}
        {passkey.synced ? '; synced between your devices' : ''}
      </span>
      {mode ? (
        <Form action={change} submit={submit}>
          {mode === 'rename' ? (
            <Field label={`New name for ${passkey.name}`} name="name" value={value} onInput={setValue} maxLength={64} required error={change.errorAt('name')} />
          ) : (
            <Field
              label={`Your password, to remove ${passkey.name}`}
              name="password"
              type="password"
              value={value}
              onInput={setValue}
              autoComplete="current-password"
              required
              error={change.errorAt('password')}
            />
          )}
          <Outcome action={change} />
          <div class="row">
            <button type="submit" class={mode === 'remove' ? 'danger' : 'primary'} disabled={change.busy}>
              {mode === 'rename' ? 'Rename' : 'Remove'}
            </button>
            <button type="button" onClick={() => setMode(undefined)}>
              Cancel
            </button>
          </div>
        </Form>
      ) : (
        <div class="row">
          <button
            type="button"
            ref={renameButton}
            aria-label={`Rename ${passkey.name}`}
            onClick={() => {
              setValue(passkey.name);
              setMode('rename');
            }}
          >
            Rename…
          </button>
          <button type="button" ref={removeButton} class="danger" aria-label={`Remove ${passkey.name}`} onClick={() => setMode('remove')}>
            Remove…
          </button>
        </div>
      )}
    </li>
  );
}
