/**
 * The player's sessions and password: every login of the account going on
 * now (device, where from, last use), with "End" for each other one and
 * "End all other sessions"; and a new password given the current one, which
 * ends the other sessions too. An ended session's tokens and cookie stop
 * working at once, on every server.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Form, Outcome, useAction } from '../parts/action.js';
import { Field } from '../parts/field.js';
import { NewPasswordFields, useNewPassword } from '../parts/new-password.js';
import { formatTime, plural } from '../parts/format.js';
import { useLoad } from '../parts/load.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { Problem } from '../parts/problem.js';
import { Table } from '../parts/table.js';

const kinds: Record<string, string> = { portal: 'This portal', api: 'An API login' };

export function SessionsPage() {
  const sessions = useLoad(() => data(api.request('get', '/api/auth/sessions')), []);
  const ending = useAction();
  const others = (sessions.data?.sessions ?? []).filter((session) => !session.current);

  const endOne = (id: string, device: string) =>
    ending.run(async () => {
      await data(api.request('delete', '/api/auth/sessions/{id}', { params: { id } }));
      sessions.reload();
      return `Ended the session on ${device}.`;
    });
  const endOthers = () =>
    ending.run(async () => {
      const answer = await data(api.request('post', '/api/auth/sessions/end-others'));
      sessions.reload();
      return `Ended ${plural(answer.ended, 'other session')}.`;
    });

  return (
    <Page title="Sessions and password">
      <h2 id="sessions-title">Where you are logged in</h2>
      <p>Each login is a session until it ends. End one you do not recognise, then change your password.</p>
      <ProblemNotice problem={sessions.problem} retry={sessions.reload} />
      {sessions.data && (
        <Table label="Sessions" stack labelledBy="sessions-title" testId="sessions" columns={['Device', 'Where from', 'Last used', 'Started', '']}>
          {sessions.data.sessions.map((session) => (
            <tr key={session.id} data-session={session.id}>
              <td data-label="Device">
                {session.device}
                <span class="muted"> · {kinds[session.kind] ?? session.kind}</span>
                {session.current && <strong> (this browser)</strong>}
              </td>
              <td data-label="Where from">{session.lastAddress ?? session.address ?? '—'}</td>
              <td data-label="Last used">{formatTime(session.lastUsedAt)}</td>
              <td data-label="Started">{formatTime(session.startedAt)}</td>
              <td data-label="">
                {!session.current && (
                  <button type="button" disabled={ending.busy} onClick={() => void endOne(session.id, session.device)} aria-label={`End the session on ${session.device}`}>
                    End
                  </button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <div class="actions">
        <button type="button" disabled={ending.busy || others.length === 0} onClick={() => void endOthers()}>
          {ending.busy ? 'Ending…' : 'End all other sessions'}
        </button>
      </div>
      <Outcome action={ending} />

      <PasswordForm onDone={sessions.reload} />
    </Page>
  );
}

function PasswordForm(props: { onDone: () => void }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const password = useNewPassword();
  const change = useAction(['currentPassword', 'newPassword', 'repeated']);

  const submit = async () => {
    if (currentPassword === '') throw Problem.at('currentPassword', 'Enter your password as it is now.');
    const newPassword = password.checked();
    const answer = await data(api.request('post', '/api/auth/password', { body: { currentPassword, newPassword } }));
    setCurrentPassword('');
    password.clear();
    props.onDone();
    return `Your password is changed. ${answer.endedSessions === 0 ? 'You had no other sessions.' : `${plural(answer.endedSessions, 'other session')} ended.`}`;
  };

  return (
    <Form action={change} class="card" labelledBy="password-title" submit={submit}>
      <h2 id="password-title">Change your password</h2>
      <p>Every other session of your account ends; this one goes on.</p>
      <Field
        label="Current password"
        name="currentPassword"
        type="password"
        value={currentPassword}
        onInput={setCurrentPassword}
        autoComplete="current-password"
        required
        error={change.errorAt('currentPassword')}
      />
      <NewPasswordFields password={password} errorAt={change.errorAt} />
      <Outcome action={change} />
      <button type="submit" class="primary" disabled={change.busy}>
        {change.busy ? 'Changing…' : 'Change the password'}
      </button>
    </Form>
  );
}
