/**
 * Every live setting as a form. The fields come from the settings object
 * (GET /api/admin/settings) and their allowed values from the OpenAPI schema
 * of the POST body (enums, minimum and maximum, length), so a setting added
 * to the API shows here without a change. Only what changed is sent; a 400
 * answer names its field and the message is shown beside it; after saving,
 * the page says which settings changed and which the game applied at once.
 * A saved change overrides config.yml for good: each overridden setting says
 * so, with the value it hides and a button that gives it back to config.yml
 * (DELETE /api/admin/settings/overrides/{key}).
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Form, useAction } from '../../parts/action.js';
import { Checkbox, Choice, Field } from '../../parts/field.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice } from '../../parts/notice.js';
import { AdminPage } from '../parts/layout.js';
import { type SettingRule, settingRules } from '../parts/setting-rules.js';

type Values = Record<string, string | number | boolean>;

const labels: Record<string, string> = {
  serverName: 'Server name (the MOTD in the server list)',
  maxPlayers: 'Most players at once',
  difficulty: 'Difficulty',
  gameMode: 'Game mode for new players',
  pvpEnabled: 'Players may hurt each other (PvP)',
  'whitelist.enabled': 'Whitelist on',
  'whitelist.autoApprove': 'Put new accounts on the whitelist',
  'notifications.unregisteredInterval': 'Remind players without an account every (minutes)',
  'notifications.enabled': 'Remind players without an account to /register',
  'chat.enabled': 'Send chat to the webhook',
  'chat.webhookUrl': 'Chat webhook address',
  'economy.currencySymbol': 'Currency symbol',
  'economy.startingBalance': 'Starting balance of a new account',
};

/** A readable label for a setting this page has no words for: its path, split at capitals. */
function labelFor(path: string): string {
  return (
    labels[path] ??
    path
      .replace(/\./g, ': ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
  );
}

/** The settings object as dotted paths to values ({ whitelist: { enabled } } → 'whitelist.enabled'). */
function flatten(settings: object, prefix = ''): Values {
  const flat: Values = {};
  for (const [key, value] of Object.entries(settings)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') Object.assign(flat, flatten(value, path));
    else flat[path] = value as string | number | boolean;
  }
  return flat;
}

/** The changed values as the POST body's nested object. */
function nest(values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) {
    const keys = path.split('.');
    let holder = body;
    for (const key of keys.slice(0, -1)) holder = (holder[key] ??= {}) as Record<string, unknown>;
    holder[keys[keys.length - 1]!] = value;
  }
  return body;
}

export function SettingsPage() {
  const loaded = useLoad(async () => {
    const [settings, rules] = await Promise.all([data(api.request('get', '/api/admin/settings')), settingRules()]);
    return { saved: flatten(settings.settings), defaults: flatten(settings.defaults), overridden: settings.overridden, rules };
  }, []);
  // Only what the admin typed: copying the loaded values into this state (in an effect, after the form shows) would drop an edit made before it ran.
  const [edits, setEdits] = useState<Values>({});
  const [outcome, setOutcome] = useState<{ updated: string[]; applied: string[]; message: string; givenBack?: boolean }>();
  const saved = loaded.data?.saved ?? {};
  const rules = loaded.data?.rules ?? {};
  const paths = Object.keys(saved);
  const save = useAction(paths);
  const giveBack = useAction();
  // An edit equal to the saved value (typed back, or saved since) is no change.
  const changed = Object.fromEntries(Object.entries(edits).filter(([path, value]) => path in saved && value !== saved[path]));

  const saveChanges = async () => {
    setOutcome(undefined);
    const answer = await data(api.request('post', '/api/admin/settings', { body: nest(changed) }));
    setOutcome({ updated: answer.updated, applied: answer.appliedInGame, message: answer.message });
    loaded.reload();
    return answer.message;
  };
  const set = (path: string, value: string | number | boolean) => setEdits((previous) => ({ ...previous, [path]: value }));
  const giveBackToConfig = (path: string) => {
    setOutcome(undefined);
    void giveBack.run(async () => {
      const answer = await data(api.request('delete', '/api/admin/settings/overrides/{key}', { params: { key: path } }));
      // An edit of that setting would now send the overriding value again.
      setEdits(({ [path]: _dropped, ...kept }) => kept);
      setOutcome({ updated: answer.updated, applied: answer.appliedInGame, message: answer.message, givenBack: true });
      loaded.reload();
      return answer.message;
    });
  };
  const overridden = loaded.data?.overridden ?? [];

  return (
    <AdminPage
      title="Settings"
      intro="A saved change applies at once where the game allows it, and is kept: it overrides the setting's value in config.yml, across restarts, until you give the setting back to config.yml with its button. Only what you change is sent."
    >
      <ProblemNotice problem={loaded.problem} retry={loaded.reload} />
      {loaded.data && (
        <Form action={save} class="settings-form" submit={saveChanges}>
          {paths.map((path) => (
            <div key={path} class="setting">
              <SettingField path={path} value={edits[path] ?? saved[path]!} rule={rules[path]} error={save.errorAt(path)} onChange={(value) => set(path, value)} />
              {overridden.includes(path) && (
                <Overridden label={labelFor(path)} configured={loaded.data!.defaults[path]} busy={giveBack.busy} onGiveBack={() => giveBackToConfig(path)} />
              )}
            </div>
          ))}
          <ProblemNotice problem={giveBack.problem} />
          <ProblemNotice problem={save.unplaced} />
          <div class="actions">
            <button type="submit" class="primary" disabled={save.busy || Object.keys(changed).length === 0}>
              {save.busy ? 'Saving…' : `Save ${Object.keys(changed).length || ''} change${Object.keys(changed).length === 1 ? '' : 's'}`}
            </button>
            <button type="button" disabled={save.busy || Object.keys(changed).length === 0} onClick={() => setEdits({})}>
              Undo my edits
            </button>
          </div>
        </Form>
      )}
      <div role="status" class="settings-outcome">
        {outcome && (
          <div class="notice success">
            <p>{outcome.message}</p>
            {outcome.updated.length === 0 ? (
              <p>Nothing changed: the values were already these.</p>
            ) : (
              <ul>
                {outcome.updated.map((name) => (
                  <li key={name}>
                    {labelFor(name)}: {outcome.givenBack ? 'back to its value in config.yml' : 'changed'}
                    {outcome.applied.includes(name) ? ', and the game applied it' : ' in Gatehouse (the game does not apply it live)'}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </AdminPage>
  );
}

/** A setting's value as the page shows it in a sentence. */
function shown(value: string | number | boolean | undefined): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (value === '' || value === undefined) return 'empty';
  return String(value);
}

/** Under an overridden setting: the config.yml value it hides, and the button that gives the setting back to it. */
function Overridden(props: { label: string; configured: string | number | boolean | undefined; busy: boolean; onGiveBack: () => void }) {
  return (
    <div class="override">
      <p>
        Overrides config.yml's value: <strong>{shown(props.configured)}</strong>
      </p>
      <button type="button" disabled={props.busy} onClick={props.onGiveBack}>
        Give<span class="visually-hidden"> {props.label}</span> back to config.yml<span class="visually-hidden"> ({shown(props.configured)})</span>
      </button>
    </div>
  );
}

function SettingField(props: {
  path: string;
  value: string | number | boolean;
  rule: SettingRule | undefined;
  error: string | undefined;
  onChange: (value: string | number | boolean) => void;
}) {
  const { path, value, rule } = props;
  const label = labelFor(path);
  if (typeof value === 'boolean') return <Checkbox label={label} name={path} checked={value} error={props.error} hint={rule?.description} onChange={props.onChange} />;
  if (rule?.enum)
    return (
      <Choice
        label={label}
        name={path}
        value={String(value)}
        options={rule.enum.map((option) => ({ value: option, label: option }))}
        error={props.error}
        onChange={props.onChange}
      />
    );
  if (typeof value === 'number') {
    const range = [rule?.minimum !== undefined ? `from ${rule.minimum}` : '', rule?.maximum !== undefined ? `to ${rule.maximum}` : ''].filter(Boolean).join(' ');
    return (
      <Field
        label={label}
        name={path}
        type="number"
        inputMode={rule?.integer ? 'numeric' : 'decimal'}
        step={rule?.integer ? '1' : 'any'}
        min={rule?.minimum}
        max={rule?.maximum}
        value={String(value)}
        hint={[rule?.description, range && `A number ${range}.`].filter(Boolean).join(' ') || undefined}
        error={props.error}
        // An unreadable number is sent as typed, so the API's answer names the field.
        onInput={(typed) => props.onChange(typed.trim() !== '' && Number.isFinite(Number(typed)) ? Number(typed) : typed)}
      />
    );
  }
  return (
    <Field
      label={label}
      name={path}
      value={String(value)}
      maxLength={rule?.maxLength}
      hint={[rule?.description, rule?.maxLength ? `At most ${rule.maxLength} characters.` : ''].filter(Boolean).join(' ') || undefined}
      error={props.error}
      onInput={props.onChange}
    />
  );
}
