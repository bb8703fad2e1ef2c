/**
 * A direct message to an online player, an announcement with an expiry (or
 * none: until removed), and the list of both (newest first), where an
 * announcement still shown on join can be removed after a confirm step.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Form, Outcome, useAction } from '../../parts/action.js';
import { Choice, Field } from '../../parts/field.js';
import { formatTime } from '../../parts/format.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { Problem } from '../../parts/problem.js';
import { Table } from '../../parts/table.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';
import { useOnlinePlayers } from '../parts/online-players.js';

export function MessagesPage() {
  const [page, setPage] = useState(1);
  const messages = useLoad(() => data(api.request('get', '/api/admin/messages', { query: { page, limit: 25 } })), [page]);
  const remove = useAction();
  const removeAnnouncement = (id: number) =>
    void remove.run(async () => {
      const answer = await data(api.request('delete', '/api/admin/messages/{id}', { params: { id: String(id) } }));
      messages.reload();
      return answer.message;
    });
  return (
    <AdminPage title="Messages">
      <div class="admin-columns">
        <DirectMessage onSent={messages.reload} />
        <Announcement onSent={messages.reload} />
      </div>
      <h2>Sent messages</h2>
      <ProblemNotice problem={messages.problem} retry={messages.reload} />
      <ProblemNotice problem={remove.problem} />
      <Success text={remove.done} />
      {messages.data && (
        <>
          <Table
            label="Sent messages"
            caption="Announcements and direct messages, newest first"
            columns={['Sent', 'Kind', 'To', 'Message', 'By', 'Expires', 'Remove']}
            empty="No message yet."
          >
            {messages.data.messages.map((message) => (
              <tr key={message.id}>
                <td>{formatTime(message.createdAt)}</td>
                <td>{message.type === 'ANNOUNCEMENT' ? 'announcement' : 'direct'}</td>
                <td>{message.recipient ?? 'everyone'}</td>
                <td class="wrap">{message.content}</td>
                <td>{message.sentBy}</td>
                <td>{message.expiresAt ? formatTime(message.expiresAt) : message.type === 'ANNOUNCEMENT' ? 'until removed' : '–'}</td>
                <td>
                  {stillShown(message) && (
                    <ConfirmButton
                      label="Remove"
                      name={`Remove “${shortened(message.content)}”`}
                      question="Remove this announcement? Players who join from now on are not shown it, on every server; the audit log keeps what it said."
                      confirmLabel="Yes, remove it"
                      busy={remove.busy}
                      onConfirm={() => removeAnnouncement(message.id)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pages={messages.data.pagination.pages} total={messages.data.pagination.total} onPage={setPage} label="Pages of messages" />
        </>
      )}
    </AdminPage>
  );
}

/** An announcement players who join are still shown: no end, or an end still to come. */
function stillShown(message: { type: string; expiresAt: string | null }): boolean {
  return message.type === 'ANNOUNCEMENT' && (message.expiresAt === null || Date.parse(message.expiresAt) > Date.now());
}

/** A long text cut for a button's name. */
function shortened(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function DirectMessage(props: { onSent: () => void }) {
  const online = useOnlinePlayers();
  const [username, setUsername] = useState('');
  const [message, setMessage] = useState('');
  const send = useAction(['username', 'message']);
  const players = online.data ?? [];
  const chosen = username || players[0] || '';
  return (
    <Form
      action={send}
      class="card"
      labelledBy="direct-title"
      submit={async () => {
        const answer = await data(api.request('post', '/api/admin/messages/send', { body: { username: chosen, message } }));
        setMessage('');
        props.onSent();
        return answer.message;
      }}
    >
      <h2 id="direct-title">Message a player</h2>
      <ProblemNotice problem={online.problem} retry={online.reload} />
      {online.data && players.length === 0 ? (
        <p>
          Nobody is online.{' '}
          <button type="button" onClick={online.reload}>
            Look again
          </button>
        </p>
      ) : (
        <Choice label="Player online" name="username" value={chosen} options={players} onChange={setUsername} error={send.errorAt('username')} />
      )}
      <Field label="Message" name="message" value={message} onInput={setMessage} maxLength={256} required error={send.errorAt('message')} />
      <Outcome action={send} />
      <button type="submit" class="primary" disabled={send.busy || !chosen}>
        Send
      </button>
    </Form>
  );
}

function Announcement(props: { onSent: () => void }) {
  const [content, setContent] = useState('');
  const [hours, setHours] = useState('24');
  const announce = useAction(['content', 'expiresAt']);
  return (
    <Form
      action={announce}
      class="card"
      labelledBy="announce-title"
      submit={async () => {
        const lasting = Number(hours);
        if (hours.trim() !== '' && !(Number.isFinite(lasting) && lasting > 0)) throw Problem.at('expiresAt', 'Give a number of hours above 0, or leave it empty.');
        const expiresAt = hours.trim() === '' ? undefined : new Date(Date.now() + lasting * 3600_000).toISOString();
        const answer = await data(api.request('post', '/api/admin/messages', { body: { content, expiresAt } }));
        setContent('');
        props.onSent();
        return answer.message;
      }}
    >
      <h2 id="announce-title">Announce to everyone</h2>
      <Field label="Announcement" name="content" value={content} onInput={setContent} maxLength={1000} required error={announce.errorAt('content')} />
      <Field
        label="Shown to players who join for (hours)"
        name="hours"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={hours}
        onInput={setHours}
        hint="Empty: shown on join until you remove it from the list below."
        error={announce.errorAt('expiresAt')}
      />
      <Outcome action={announce} />
      <button type="submit" class="primary" disabled={announce.busy}>
        Announce
      </button>
    </Form>
  );
}
