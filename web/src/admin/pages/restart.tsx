/**
 * Restart: schedule one with a delay and a reason (players are told in chat
 * and see a boss-bar countdown), watch the countdown here, cancel it after a
 * confirm step. Once scheduled the page shows the pending restart with what
 * the API said, and puts the form away (empty) until the admin asks to
 * schedule another instead. The pending restart is read again when one is
 * scheduled, cancelled or started (the live events), so another admin's
 * change shows at once; every 5 seconds only while the stream is away;
 * between reads the countdown ticks from the restart's time each second.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Form, useAction } from '../../parts/action.js';
import { Field } from '../../parts/field.js';
import { formatDuration, formatTime } from '../../parts/format.js';
import { useLiveReload } from '../../parts/live.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';

export const restartEveryMs = 5_000;
/** The delay the form offers: five minutes, time for players to finish what they do. */
const defaultDelay = '300';

/** The current time, moving once a second while `running`. */
function useClock(running: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}

export function RestartPage() {
  const pending = useLoad(() => data(api.request('get', '/api/admin/restart')), []);
  useLiveReload(['restart.scheduled', 'restart.cancelled', 'restart.started'], pending.reload, restartEveryMs);
  const restart = pending.data?.restart;
  const now = useClock(Boolean(restart));
  const [delay, setDelay] = useState(defaultDelay);
  const [reason, setReason] = useState('');
  /** The form is asked for again while a restart is pending, to replace it. */
  const [replacing, setReplacing] = useState(false);
  const pendingTitle = useRef<HTMLHeadingElement>(null);
  const scheduleTitle = useRef<HTMLHeadingElement>(null);
  // The button that asked for the form is gone: the focus goes to the form.
  useEffect(() => {
    if (replacing) scheduleTitle.current?.focus();
  }, [replacing]);
  const putFormAway = () => {
    setDelay(defaultDelay);
    setReason('');
    setReplacing(false);
  };
  const schedule = useAction(['delay', 'reason']);
  const cancel = useAction();

  const remaining = restart ? Math.max(0, (Date.parse(restart.restartAt) - now) / 1000) : 0;
  return (
    <AdminPage title="Restart">
      <ProblemNotice problem={pending.problem} retry={pending.reload} />
      <section class="card" aria-labelledby="pending-title">
        <h2 id="pending-title" ref={pendingTitle} tabIndex={-1}>
          Pending restart
        </h2>
        {pending.data && !restart && <p>No restart is scheduled.</p>}
        {restart && (
          <>
            <p class="figure countdown">
              <span class="visually-hidden">Time left: </span>
              <span data-testid="countdown">{formatDuration(remaining)}</span>
            </p>
            <p>
              At {formatTime(restart.restartAt)}
              {restart.reason ? `: ${restart.reason}` : ''}. Asked by {restart.requestedBy} at {formatTime(restart.requestedAt)}.
            </p>
          </>
        )}
        <Success text={schedule.done ?? cancel.done} />
        <ProblemNotice problem={cancel.problem} />
        {restart && (
          <div class="actions">
            <ConfirmButton
              label="Cancel the restart"
              question="Cancel the pending restart? Players are told it was called off and the boss bar goes."
              confirmLabel="Yes, cancel it"
              busy={cancel.busy}
              onConfirm={() =>
                void cancel.run(async () => {
                  const answer = await data(api.request('delete', '/api/admin/restart'));
                  schedule.clear();
                  pending.reload();
                  return answer.message;
                })
              }
            />
            {!replacing && (
              <button type="button" onClick={() => setReplacing(true)}>
                Schedule another instead
              </button>
            )}
          </div>
        )}
      </section>
      {(!restart || replacing) && (
        <Form
          action={schedule}
          class="card narrow"
          labelledBy="schedule-title"
          submit={async () => {
            const answer = await data(api.request('post', '/api/admin/restart', { body: { delay: Number(delay), reason: reason || undefined } }));
            cancel.clear();
            pending.reload();
            // What was scheduled now shows as the pending restart: the form goes, emptied for the next time, and the focus goes to what replaced it.
            putFormAway();
            pendingTitle.current?.focus();
            return answer.message;
          }}
        >
          <h2 id="schedule-title" ref={scheduleTitle} tabIndex={-1}>
            {restart ? 'Schedule another (replaces the pending one)' : 'Schedule a restart'}
          </h2>
          <Field
            label="Delay (seconds)"
            name="delay"
            type="number"
            inputMode="numeric"
            min={0}
            max={86400}
            step="1"
            value={delay}
            onInput={setDelay}
            hint="From 0 to 86,400 (a day)."
            required
            error={schedule.errorAt('delay')}
          />
          <Field label="Reason (shown to players)" name="reason" value={reason} onInput={setReason} maxLength={200} error={schedule.errorAt('reason')} />
          <ProblemNotice problem={schedule.unplaced} />
          <div class="actions">
            <button type="submit" class="primary" disabled={schedule.busy}>
              Schedule the restart
            </button>
            {restart && (
              <button type="button" onClick={putFormAway}>
                Keep the pending one
              </button>
            )}
          </div>
        </Form>
      )}
    </AdminPage>
  );
}
