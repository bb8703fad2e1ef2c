/**
 * API keys: the list (never a secret), each with whether it works now and
 * why not (a key whose maker is no operator now is suspended), a new key
 * with scopes from GET /api/admin/keys/scopes (its secret shown once, with a
 * copy button), and revoking one after a confirm step. The API decides which
 * scopes a session may hand out.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Form, Outcome, useAction } from '../../parts/action.js';
import { Checkbox, Field } from '../../parts/field.js';
import { formatTime } from '../../parts/format.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { Table } from '../../parts/table.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';
import { OnceSecret } from '../parts/secret.js';

export function KeysPage() {
  const [page, setPage] = useState(1);
  const [showRevoked, setShowRevoked] = useState(false);
  const keys = useLoad(async () => {
    const listed = await data(api.request('get', '/api/admin/keys', { query: { page, limit: 25, revoked: showRevoked } }));
    // An empty list of the keys not revoked says how many revoked ones it hides (one more request, only then).
    const hidden = showRevoked || listed.pagination.total > 0 ? 0 : (await data(api.request('get', '/api/admin/keys', { query: { limit: 1 } }))).pagination.total;
    return { ...listed, revokedHidden: hidden };
  }, [page, showRevoked]);
  const revoke = useAction();
  return (
    <AdminPage title="API keys" intro="A key lets a program use the API with only the scopes it was given. Revoking one stops it at its next request.">
      <NewKey onMade={keys.reload} />
      <h2>Keys</h2>
      <Checkbox
        label="Show revoked keys too"
        name="revoked"
        checked={showRevoked}
        onChange={(checked) => {
          setPage(1);
          setShowRevoked(checked);
        }}
      />
      <ProblemNotice problem={keys.problem} retry={keys.reload} />
      <ProblemNotice problem={revoke.problem} />
      <Success text={revoke.done} />
      {keys.data && (
        <>
          <Table
            label="API keys"
            caption="API keys, newest first"
            columns={['Name', 'Starts with', 'Scopes', 'Made', 'Expires', 'Last used', 'State', 'Revoke']}
            empty={
              keys.data.revokedHidden > 0
                ? `No active key; ${keys.data.revokedHidden} revoked. Tick “Show revoked keys too” to list ${keys.data.revokedHidden === 1 ? 'it' : 'them'}.`
                : 'No key yet.'
            }
          >
            {keys.data.keys.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td class="mono">{key.prefix}</td>
                <td>{key.scopes.join(', ')}</td>
                <td>
                  {formatTime(key.createdAt)} by {key.createdBy}
                </td>
                <td>{key.expiresAt ? formatTime(key.expiresAt) : 'never'}</td>
                <td>{key.lastUsedAt ? `${formatTime(key.lastUsedAt)}${key.lastUsedFrom ? ` from ${key.lastUsedFrom}` : ''}` : 'never'}</td>
                <td>{key.statusReason ? `${key.status}: ${key.statusReason}` : key.status}</td>
                <td>
                  {(key.status === 'active' || key.status === 'suspended') && (
                    <ConfirmButton
                      label={`Revoke ${key.name}`}
                      question={`Revoke “${key.name}”? Programs using it get 401 from their next request; this cannot be undone.`}
                      confirmLabel="Yes, revoke it"
                      busy={revoke.busy}
                      onConfirm={() =>
                        void revoke.run(async () => {
                          const answer = await data(api.request('delete', '/api/admin/keys/{id}', { params: { id: key.id } }));
                          keys.reload();
                          return `Key “${answer.key.name}” revoked.`;
                        })
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pages={keys.data.pagination.pages} total={keys.data.pagination.total} onPage={setPage} label="Pages of keys" />
        </>
      )}
    </AdminPage>
  );
}

function NewKey(props: { onMade: () => void }) {
  const scopes = useLoad(() => data(api.request('get', '/api/admin/keys/scopes')), []);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [days, setDays] = useState('');
  const [made, setMade] = useState<{ name: string; secret: string }>();
  const create = useAction(['name', 'scopes', 'expiresAt']);
  const scopesError = create.errorAt('scopes');
  return (
    <Form
      action={create}
      class="card"
      labelledBy="new-key-title"
      submit={async () => {
        setMade(undefined);
        const lasting = Number(days);
        const expiresAt = days.trim() !== '' && Number.isFinite(lasting) ? new Date(Date.now() + lasting * 86_400_000).toISOString() : undefined;
        const answer = await data(api.request('post', '/api/admin/keys', { body: { name: name.trim(), scopes: chosen, expiresAt } }));
        setMade({ name: answer.key.name, secret: answer.secret });
        setName('');
        setChosen([]);
        setDays('');
        props.onMade();
        return `Key “${answer.key.name}” made.`;
      }}
    >
      <h2 id="new-key-title">Make a key</h2>
      <Field label="Name" name="name" value={name} onInput={setName} maxLength={64} required hint="What uses it, e.g. the status page." error={create.errorAt('name')} />
      <fieldset class={scopesError ? 'scopes invalid' : 'scopes'} aria-describedby={scopesError ? 'scopes-error' : undefined}>
        <legend>Scopes</legend>
        <ProblemNotice problem={scopes.problem} retry={scopes.reload} />
        {(scopes.data?.scopes ?? []).map((scope) => (
          <Checkbox
            key={scope.scope}
            label={scope.scope}
            name="scopes"
            hint={scope.description}
            checked={chosen.includes(scope.scope)}
            onChange={(checked) => setChosen((previous) => (checked ? [...previous, scope.scope] : previous.filter((item) => item !== scope.scope)))}
          />
        ))}
        {scopesError && (
          <p class="field-error" id="scopes-error">
            {scopesError}
          </p>
        )}
      </fieldset>
      <Field
        label="Expires after (days)"
        name="expiresAt"
        type="number"
        inputMode="numeric"
        min={1}
        step="1"
        value={days}
        onInput={setDays}
        hint="Empty: it does not expire."
        error={create.errorAt('expiresAt')}
      />
      <Outcome action={create} />
      {made && <OnceSecret label={`Secret of “${made.name}”`} secret={made.secret} />}
      <button type="submit" class="primary" disabled={create.busy || chosen.length === 0}>
        Make the key
      </button>
    </Form>
  );
}
