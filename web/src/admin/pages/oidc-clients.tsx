/**
 * Sign-in sites: the OpenID Connect clients that may sign players in with
 * this server (never their secrets), the issuer they are set up with, a new
 * client (its secret, for a confidential one, shown once with a copy
 * button), and removing one after a confirm step.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Form, Outcome, useAction } from '../../parts/action.js';
import { Checkbox, Choice, Field } from '../../parts/field.js';
import { formatTime } from '../../parts/format.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Table } from '../../parts/table.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';
import { OnceSecret } from '../parts/secret.js';

const scopeHints = {
  profile: 'The player’s name.',
  minecraft: 'The player’s name and UUID.',
  operator: 'Whether the player is an operator now.',
  whitelist: 'Whether the player is on the whitelist now.',
  email: 'The account’s e-mail address (personal data).',
  offline_access: 'Stay signed in after the player leaves the site (a refresh token).',
} as const;
type Scope = keyof typeof scopeHints;

const lines = (text: string) =>
  text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);

export function OidcClientsPage() {
  const clients = useLoad(() => data(api.request('get', '/api/admin/oidc/clients')), []);
  const remove = useAction();
  return (
    <AdminPage title="Sign-in sites" intro="Sites that may sign players in with their game identity (OpenID Connect). Removing one stops it at its next request.">
      {clients.data && (
        <p>
          Issuer: <span class="mono">{clients.data.issuer}</span> (discovery at <span class="mono">{clients.data.issuer}/.well-known/openid-configuration</span>)
        </p>
      )}
      <NewClient onMade={clients.reload} />
      <h2>Sites</h2>
      <ProblemNotice problem={clients.problem} retry={clients.reload} />
      <ProblemNotice problem={remove.problem} />
      <Success text={remove.done} />
      {clients.data && (
        <Table label="Sign-in sites" caption="Sign-in sites" columns={['Name', 'Client id', 'Kind', 'Redirect URIs', 'Scopes', 'Registered', 'Remove']} empty="No site yet.">
          {clients.data.clients.map((client) => (
            <tr key={client.id}>
              <td>{client.name}</td>
              <td class="mono">{client.id}</td>
              <td>{client.type}</td>
              <td>{client.redirectUris.join(' ')}</td>
              <td>{client.scopes.join(', ')}</td>
              <td>
                {formatTime(client.createdAt)} by {client.createdBy}
              </td>
              <td>
                <ConfirmButton
                  label={`Remove ${client.name}`}
                  question={`Remove “${client.name}”? Its players are refused from its next request; this cannot be undone.`}
                  confirmLabel="Yes, remove it"
                  busy={remove.busy}
                  onConfirm={() =>
                    void remove.run(async () => {
                      const answer = await data(api.request('delete', '/api/admin/oidc/clients/{id}', { params: { id: client.id } }));
                      clients.reload();
                      return `“${answer.client.name}” removed.`;
                    })
                  }
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </AdminPage>
  );
}

function NewClient(props: { onMade: () => void }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<'confidential' | 'public'>('confidential');
  const [redirects, setRedirects] = useState('');
  const [logouts, setLogouts] = useState('');
  const [chosen, setChosen] = useState<Scope[]>(['profile', 'minecraft']);
  const [made, setMade] = useState<{ name: string; id: string; secret: string | null }>();
  const create = useAction(['name', 'redirectUris', 'postLogoutRedirectUris']);
  return (
    <Form
      action={create}
      class="card"
      labelledBy="new-client-title"
      submit={async () => {
        setMade(undefined);
        const body = {
          name: name.trim(),
          type,
          redirectUris: lines(redirects),
          postLogoutRedirectUris: lines(logouts),
          scopes: chosen,
        };
        const answer = await data(api.request('post', '/api/admin/oidc/clients', { body }));
        setMade({ name: answer.client.name, id: answer.client.id, secret: answer.secret });
        setName('');
        setRedirects('');
        setLogouts('');
        props.onMade();
        return `“${answer.client.name}” registered: its client id is ${answer.client.id}.`;
      }}
    >
      <h2 id="new-client-title">Register a site</h2>
      <Field label="Name" name="name" value={name} onInput={setName} maxLength={100} required hint="Players see it when they sign in." error={create.errorAt('name')} />
      <Choice
        label="Kind"
        name="type"
        value={type}
        onChange={(value) => setType(value as 'confidential' | 'public')}
        options={[
          { value: 'confidential', label: 'Confidential: a site with a server that keeps a secret' },
          { value: 'public', label: 'Public: a page or an app with no secret' },
        ]}
      />
      <Field
        label="Redirect URIs"
        name="redirectUris"
        value={redirects}
        onInput={setRedirects}
        hint="Where players come back to, separated by spaces: https, or http on localhost."
        error={create.errorAt('redirectUris')}
      />
      <Field
        label="After sign-out, back to"
        name="postLogoutRedirectUris"
        value={logouts}
        onInput={setLogouts}
        hint="Optional; separated by spaces."
        error={create.errorAt('postLogoutRedirectUris')}
      />
      <fieldset class="scopes">
        <legend>What it may ask for</legend>
        {(Object.entries(scopeHints) as Array<[Scope, string]>).map(([scope, hint]) => (
          <Checkbox
            key={scope}
            label={scope}
            name="scopes"
            hint={hint}
            checked={chosen.includes(scope)}
            onChange={(checked) => setChosen((previous) => (checked ? [...previous, scope] : previous.filter((item) => item !== scope)))}
          />
        ))}
      </fieldset>
      <Outcome action={create} />
      {made?.secret && (
        <OnceSecret
          label={`Client secret of “${made.name}”`}
          secret={made.secret}
          kept={`The site signs in with it and its client id, ${made.id}. Gatehouse keeps it to check it and never shows it again.`}
        />
      )}
      <button type="submit" class="primary" disabled={create.busy}>
        Register the site
      </button>
    </Form>
  );
}
