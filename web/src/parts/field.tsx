/**
 * Labelled form controls with their error beside them: the error (and the
 * hint, if any) is tied to the control (aria-describedby, aria-invalid), so a
 * screen reader says it when the control is reached. A text field, a choice
 * among fixed values, an on/off setting.
 */
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

export interface FieldProps {
  label: string;
  name: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'password' | 'email' | 'number' | 'search' | 'url';
  error?: string;
  hint?: ComponentChildren;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  min?: number;
  max?: number;
  step?: string;
  maxLength?: number;
}

/** The ids of a control and of its hint and error, and what describes it: the hint and the error shown. */
function useDescribed(props: { hint?: ComponentChildren; error?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy, invalid: props.error ? ('true' as const) : undefined };
}

/** A control's hint (`hint`) or error (`field-error`), under its id; nothing when there is none to say. */
function Said(props: { id: string; class: 'hint' | 'field-error'; text?: ComponentChildren }) {
  return props.text ? (
    <p class={props.class} id={props.id}>
      {props.text}
    </p>
  ) : null;
}

export function Field(props: FieldProps) {
  const { id, hintId, errorId, describedBy, invalid } = useDescribed(props);
  return (
    <div class={props.error ? 'field invalid' : 'field'}>
      <label for={id}>{props.label}</label>
      <Said id={hintId} class="hint" text={props.hint} />
      <input
        id={id}
        name={props.name}
        // Preact's types tie each input type to the attributes it allows; these fields use the common ones only.
        type={(props.type ?? 'text') as 'text'}
        value={props.value}
        required={props.required}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        min={props.min}
        max={props.max}
        step={props.step}
        maxLength={props.maxLength}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onInput={(event) => props.onInput((event.target as HTMLInputElement).value)}
      />
      <Said id={errorId} class="field-error" text={props.error} />
    </div>
  );
}

/** A labelled choice among fixed values; an option that is its own label is given as the text alone. */
export function Choice(props: {
  label: string;
  name: string;
  value: string;
  options: Array<string | { value: string; label: string }>;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { id, errorId, describedBy, invalid } = useDescribed(props);
  return (
    <div class={props.error ? 'field invalid' : 'field'}>
      <label for={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => props.onChange((event.target as HTMLSelectElement).value)}
      >
        {props.options.map((option) => {
          const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
      <Said id={errorId} class="field-error" text={props.error} />
    </div>
  );
}

/** A labelled on/off setting. */
export function Checkbox(props: { label: string; name: string; checked: boolean; onChange: (checked: boolean) => void; error?: string; hint?: string }) {
  const { id, hintId, errorId, describedBy, invalid } = useDescribed(props);
  return (
    <div class={props.error ? 'field check invalid' : 'field check'}>
      <span class="check-row">
        <input
          id={id}
          type="checkbox"
          name={props.name}
          checked={props.checked}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => props.onChange((event.target as HTMLInputElement).checked)}
        />
        <label for={id}>{props.label}</label>
      </span>
      <Said id={hintId} class="hint" text={props.hint} />
      <Said id={errorId} class="field-error" text={props.error} />
    </div>
  );
}
