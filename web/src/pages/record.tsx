/**
 * My record: the player's warnings, kicks and bans with their reasons and
 * ends, and for each ban in force one appeal with a text, then the answer
 * when an admin gives it. A banned player can still log in to read it. Every
 * reason, appeal and answer is shown as text, as typed.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Form, Outcome, useAction } from '../parts/action.js';
import { formatTime } from '../parts/format.js';
import { useLoad } from '../parts/load.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';

type OwnRecord = Awaited<ReturnType<typeof loadRecord>>['records'][number];
const loadRecord = () => data(api.request('get', '/api/moderation/me'));

const kindNames = { ban: 'Ban', warning: 'Warning', kick: 'Kick' } as const;
const appealStatus = { pending: 'waiting for an answer', accepted: 'accepted: the ban was lifted', rejected: 'rejected' } as const;

export function RecordPage() {
  const record = useLoad(loadRecord, []);
  return (
    <Page title="My record">
      <ProblemNotice problem={record.problem} retry={record.reload} />
      {record.data && (
        <>
          {record.data.banned ? (
            <p class="notice" role="status">
              {record.data.player} is banned: until the ban ends or is lifted you cannot join the game, move money, buy or sell. You can appeal each ban below once.
            </p>
          ) : (
            <p>{record.data.player} is not banned.</p>
          )}
          {record.data.records.length === 0 && <p>Your record is clean: no warning, kick or ban.</p>}
          <ul class="cards plain">
            {record.data.records.map((entry) => (
              <li key={entry.id} class="card" data-testid={`record-${entry.id}`}>
                <RecordEntry entry={entry} onAppealed={record.reload} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}

function RecordEntry(props: { entry: OwnRecord; onAppealed: () => void }) {
  const { entry } = props;
  const titleId = `record-${entry.id}-title`;
  return (
    <>
      <h2 id={titleId}>
        {kindNames[entry.kind]} of {formatTime(entry.at)}
      </h2>
      <p>Reason: {entry.reason}</p>
      {entry.kind === 'ban' && <p>{banState(entry)}</p>}
      {entry.appeal && (
        <>
          <p>
            Your appeal of {formatTime(entry.appeal.at)} ({appealStatus[entry.appeal.status]}):
          </p>
          <blockquote>{entry.appeal.text}</blockquote>
          {entry.appeal.answer !== null && (
            <>
              <p>The answer{entry.appeal.answeredAt ? ` of ${formatTime(entry.appeal.answeredAt)}` : ''}:</p>
              <blockquote>{entry.appeal.answer}</blockquote>
            </>
          )}
        </>
      )}
      {entry.kind === 'ban' && entry.inForce && !entry.appeal && <AppealForm ban={entry.id} labelledBy={titleId} onAppealed={props.onAppealed} />}
    </>
  );
}

function banState(entry: OwnRecord): string {
  if (entry.inForce) return entry.expiresAt ? `In force until ${formatTime(entry.expiresAt)}.` : 'In force, without an end.';
  if (entry.lifted) return `Lifted ${formatTime(entry.lifted.at)}: ${entry.lifted.reason}`;
  return `Ended ${entry.expiresAt ? formatTime(entry.expiresAt) : ''}.`;
}

function AppealForm(props: { ban: number; labelledBy: string; onAppealed: () => void }) {
  const action = useAction(['text']);
  const [text, setText] = useState('');
  const fieldId = `appeal-${props.ban}`;
  const error = action.errorAt('text');
  return (
    <Form
      action={action}
      labelledBy={props.labelledBy}
      submit={async () => {
        const answer = await data(api.request('post', '/api/moderation/me/bans/{id}/appeal', { params: { id: String(props.ban) }, body: { text } }));
        props.onAppealed();
        return answer.message;
      }}
    >
      <div class={error ? 'field invalid' : 'field'}>
        <label for={fieldId}>Your appeal (once for this ban)</label>
        <p class="hint" id={`${fieldId}-hint`}>
          Say why the ban should be lifted, up to 2,000 characters. An admin answers here.
        </p>
        <textarea
          id={fieldId}
          name="text"
          value={text}
          rows={4}
          maxLength={2000}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
          onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
        />
        {error && (
          <p class="field-error" id={`${fieldId}-error`}>
            {error}
          </p>
        )}
      </div>
      <Outcome action={action} />
      <button type="submit" class="primary" disabled={action.busy}>
        Send the appeal
      </button>
    </Form>
  );
}
