/**
 * Webhooks: subscribing a URL to kinds of event (from GET
 * /api/admin/webhooks/kinds; its signing secret shown once, with a copy
 * button), the subscriptions (never a secret), removing one after a confirm
 * step, and the delivery log (each message to each webhook, the chat
 * webhook's too: its state, tries, last answer, next try) with "send again".
 * The log is read again every 10 seconds while the tab is shown: deliveries
 * are not events of the stream.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Form, Outcome, useAction } from '../../parts/action.js';
import { Checkbox, Choice, Field } from '../../parts/field.js';
import { formatTime } from '../../parts/format.js';
import { useLoad, usePolling } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { numeric, Table } from '../../parts/table.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';
import { OnceSecret } from '../parts/secret.js';

export const deliveriesEveryMs = 10_000;
const everyKind = '*';
const states = [
  { value: '', label: 'Every state' },
  { value: 'pending', label: 'Pending (waiting for a try)' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'failed', label: 'Failed (given up)' },
];

export function WebhooksPage() {
  const subscriptions = useLoad(() => data(api.request('get', '/api/admin/webhooks')), []);
  const remove = useAction();
  const [logKey, setLogKey] = useState(0);
  return (
    <AdminPage
      title="Webhooks"
      intro="A webhook gets each event of the kinds it is subscribed to as a signed POST (Standard Webhooks), retried until it answers; the log below shows every delivery."
    >
      <NewSubscription
        onMade={() => {
          subscriptions.reload();
          setLogKey((key) => key + 1);
        }}
      />
      <h2 id="subscriptions-title">Subscriptions</h2>
      <ProblemNotice problem={subscriptions.problem} retry={subscriptions.reload} />
      <ProblemNotice problem={remove.problem} />
      <Success text={remove.done} />
      {subscriptions.data && (
        <Table label="Webhook subscriptions" stack labelledBy="subscriptions-title" columns={['URL', 'Kinds', 'Description', 'Made', 'Remove']} empty="No webhook yet.">
          {subscriptions.data.webhooks.map((webhook) => (
            <tr key={webhook.id}>
              <td class="whole mono" data-label="URL">
                {webhook.url}
              </td>
              <td data-label="Kinds">{webhook.types.includes(everyKind) ? 'every kind' : webhook.types.join(', ')}</td>
              <td data-label="Description">{webhook.description}</td>
              <td data-label="Made">
                {formatTime(webhook.createdAt)} by {webhook.createdBy}
              </td>
              <td data-label="Remove">
                <ConfirmButton
                  label="Remove"
                  name={`Remove the webhook to ${webhook.url}`}
                  question={`Remove the webhook to ${webhook.url}? Nothing more is sent to it; what waits for it is given up.`}
                  confirmLabel="Yes, remove it"
                  busy={remove.busy}
                  onConfirm={() =>
                    void remove.run(async () => {
                      const answer = await data(api.request('delete', '/api/admin/webhooks/{id}', { params: { id: webhook.id } }));
                      subscriptions.reload();
                      return answer.message;
                    })
                  }
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <DeliveryLog key={logKey} urls={new Map((subscriptions.data?.webhooks ?? []).map((webhook) => [webhook.id, webhook.url]))} />
    </AdminPage>
  );
}

function NewSubscription(props: { onMade: () => void }) {
  const kinds = useLoad(() => data(api.request('get', '/api/admin/webhooks/kinds')), []);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [made, setMade] = useState<{ url: string; secret: string }>();
  const create = useAction(['url', 'types', 'description']);
  const typesError = create.errorAt('types');
  const toggle = (type: string, checked: boolean) => setChosen((previous) => (checked ? [...previous, type] : previous.filter((item) => item !== type)));
  const every = chosen.includes(everyKind);
  return (
    <Form
      action={create}
      class="card"
      labelledBy="new-webhook-title"
      submit={async () => {
        setMade(undefined);
        const answer = await data(
          api.request('post', '/api/admin/webhooks', { body: { url: url.trim(), types: every ? [everyKind] : chosen, description: description.trim() || undefined } }),
        );
        setMade({ url: answer.webhook.url, secret: answer.secret });
        setUrl('');
        setDescription('');
        setChosen([]);
        props.onMade();
        return `Webhook to ${answer.webhook.url} subscribed.`;
      }}
    >
      <h2 id="new-webhook-title">Subscribe a URL</h2>
      <Field
        label="URL"
        name="url"
        type="url"
        value={url}
        onInput={setUrl}
        maxLength={2000}
        required
        hint="Where each event is posted, e.g. https://bot.example.com/gatehouse."
        error={create.errorAt('url')}
      />
      <Field
        label="Description"
        name="description"
        value={description}
        onInput={setDescription}
        maxLength={200}
        hint="Optional: what listens there."
        error={create.errorAt('description')}
      />
      <fieldset class={typesError ? 'scopes invalid' : 'scopes'} aria-describedby={typesError ? 'types-error' : undefined}>
        <legend>Kinds of event</legend>
        <ProblemNotice problem={kinds.problem} retry={kinds.reload} />
        <Checkbox label="Every kind" name="types" hint="Those to come too." checked={every} onChange={(checked) => toggle(everyKind, checked)} />
        {!every &&
          (kinds.data?.kinds ?? []).map((kind) => (
            <Checkbox key={kind.type} label={kind.type} name="types" hint={kind.summary} checked={chosen.includes(kind.type)} onChange={(checked) => toggle(kind.type, checked)} />
          ))}
        {typesError && (
          <p class="field-error" id="types-error">
            {typesError}
          </p>
        )}
      </fieldset>
      <Outcome action={create} />
      {made && <OnceSecret label={`Signing secret of the webhook to ${made.url}`} secret={made.secret} kept="The receiver verifies each delivery's webhook-signature with it." />}
      <button type="submit" class="primary" disabled={create.busy || chosen.length === 0}>
        Subscribe
      </button>
    </Form>
  );
}

function DeliveryLog(props: { urls: Map<string, string> }) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState('');
  const log = useLoad(
    () => data(api.request('get', '/api/admin/webhooks/deliveries', { query: { page, limit: 25, state: (state || undefined) as 'pending' | 'delivered' | 'failed' | undefined } })),
    [page, state],
  );
  usePolling(log.reload, deliveriesEveryMs);
  const resend = useAction();
  const answerOf = (delivery: { lastStatus: number | null; lastError: string | null; attempts: number }) =>
    delivery.attempts === 0
      ? 'not tried yet'
      : delivery.lastStatus !== null
        ? `${delivery.lastStatus}${delivery.lastError ? `: ${delivery.lastError}` : ''}`
        : (delivery.lastError ?? 'no answer');
  return (
    <>
      <h2 id="deliveries-title">Delivery log</h2>
      <p class="hint">Newest first; read again every {deliveriesEveryMs / 1000} seconds while this tab is shown.</p>
      <div class="admin-toolbar">
        <Choice
          label="State"
          name="state"
          value={state}
          options={states}
          onChange={(value) => {
            setPage(1);
            setState(value);
          }}
        />
      </div>
      <ProblemNotice problem={log.problem} retry={log.reload} />
      <ProblemNotice problem={resend.problem} />
      <Success text={resend.done} />
      {log.data && (
        <>
          <Table
            label="Delivery log"
            stack
            labelledBy="deliveries-title"
            testId="deliveries"
            columns={['When', 'Webhook', 'Kind', 'State', numeric('Tries'), 'Last answer', 'Next try', 'Send again']}
            empty="No delivery yet."
          >
            {log.data.deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td data-label="When">{formatTime(delivery.createdAt)}</td>
                <td class="whole" data-label="Webhook">
                  {delivery.subscription === 'chat' ? 'the chat webhook' : (props.urls.get(delivery.subscription) ?? delivery.subscription)}
                </td>
                <td data-label="Kind">{delivery.type}</td>
                <td data-label="State">{delivery.state}</td>
                <td class="number" data-label="Tries">
                  {delivery.attempts}
                </td>
                <td class="whole" data-label="Last answer">
                  {answerOf(delivery)}
                </td>
                <td data-label="Next try">{delivery.nextAttemptAt ? formatTime(delivery.nextAttemptAt) : '–'}</td>
                <td data-label="Send again">
                  <button
                    type="button"
                    aria-label={`Send delivery ${delivery.id} again`}
                    disabled={resend.busy}
                    onClick={() =>
                      void resend.run(async () => {
                        await data(api.request('post', '/api/admin/webhooks/deliveries/{id}/resend', { params: { id: String(delivery.id) } }));
                        log.reload();
                        return `Delivery ${delivery.id} is sent again now, with the same webhook-id.`;
                      })
                    }
                  >
                    Send again
                  </button>
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pages={log.data.pagination.pages} total={log.data.pagination.total} onPage={setPage} label="Pages of the delivery log" />
        </>
      )}
    </>
  );
}
