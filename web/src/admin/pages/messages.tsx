/**
 * A direct message to an online player, an announcement with an expiry (or
 * none: until removed), and the list of both (newest first), where an
 * announcement still shown on join can be removed after a confirm step.
 */
import { useState } from 'preact/hooks';
import { api, data, Problem } from '../../api.js';
import { Choice, Field } from '../../parts/field.js';
import { useLoad } from '../../parts/load.js';
import { formatTime } from '../../parts/money.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { errorFor, unplacedProblem, useAction } from '../parts/action.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';
import { useOnlinePlayers } from '../parts/online-players.js';
import { TableScroll } from '../parts/table-scroll.js';

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
      <Success text={remove.said} />
      {messages.data && (
        <>
          <TableScroll label="Sent messages">
            <table>
              <caption>Announcements and direct messages, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Sent</th>
                  <th scope="col">Kind</th>
                  <th scope="col">To</th>
                  <th scope="col">Message</th>
                  <th scope="col">By</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Remove</th>
                </tr>
              </thead>
              <tbody>
                {messages.data.messages.length === 0 && (
                  <tr>
                    <td colSpan={7}>No message yet.</td>
                  </tr>
                )}
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
              </tbody>
            </table>
          </TableScroll>
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
  const send = useAction();
  const players = online.data ?? [];
  const chosen = username || players[0] || '';
  return (
    <form
      class="card"
      aria-labelledby="direct-title"
      onSubmit={(event) => {
        event.preventDefault();
        void send.run(async () => {
          const answer = await data(api.request('post', '/api/admin/messages/send', { body: { username: chosen, message } }));
          setMessage('');
          props.onSent();
          return answer.message;
        });
      }}
      noValidate
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
        <Choice
          label="Player online"
          name="username"
          value={chosen}
          options={players.map((name) => ({ value: name, label: name }))}
          onChange={setUsername}
          error={errorFor(send, 'username')}
        />
      )}
      <Field label="Message" name="message" value={message} onInput={setMessage} maxLength={256} required error={errorFor(send, 'message')} />
      <ProblemNotice problem={unplacedProblem(send, ['username', 'message'])} />
      <Success text={send.said} />
      <button type="submit" class="primary" disabled={send.busy || !chosen}>
        Send
      </button>
    </form>
  );
}

function Announcement(props: { onSent: () => void }) {
  const [content, setContent] = useState('');
  const [hours, setHours] = useState('24');
  const announce = useAction();
  return (
    <form
      class="card"
      aria-labelledby="announce-title"
      onSubmit={(event) => {
        event.preventDefault();
        void announce.run(async () => {
          const lasting = Number(hours);
          if (hours.trim() !== '' && !(Number.isFinite(lasting) && lasting > 0))
            throw new Problem(400, 'invalid_field', 'Give a number of hours above 0, or leave it empty.', 'expiresAt');
          const expiresAt = hours.trim() === '' ? undefined : new Date(Date.now() + lasting * 3600_000).toISOString();
          const answer = await data(api.request('post', '/api/admin/messages', { body: { content, expiresAt } }));
          setContent('');
          props.onSent();
          return answer.message;
        });
      }}
      noValidate
    >
      <h2 id="announce-title">Announce to everyone</h2>
      <Field label="Announcement" name="content" value={content} onInput={setContent} maxLength={1000} required error={errorFor(announce, 'content')} />
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
        error={errorFor(announce, 'expiresAt')}
      />
      <ProblemNotice problem={unplacedProblem(announce, ['content', 'expiresAt'])} />
      <Success text={announce.said} />
      <button type="submit" class="primary" disabled={announce.busy}>
        Announce
      </button>
    </form>
  );
}
