/**
 * A labelled form field with its error beside it: the error is tied to the
 * input (aria-describedby, aria-invalid) so a screen reader says it when the
 * field is reached.
 */
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

export interface FieldProps {
  label: string;
  name: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'password' | 'email' | 'number' | 'search';
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

export function Field(props: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={props.error ? 'field invalid' : 'field'}>
      <label for={id}>{props.label}</label>
      {props.hint && (
        <p class="hint" id={hintId}>
          {props.hint}
        </p>
      )}
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
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy}
        onInput={(event) => props.onInput((event.target as HTMLInputElement).value)}
      />
      {props.error && (
        <p class="field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A labelled choice among fixed values. */
export function Choice(props: { label: string; name: string; value: string; options: Array<{ value: string; label: string }>; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div class={props.error ? 'field invalid' : 'field'}>
      <label for={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange((event.target as HTMLSelectElement).value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {props.error && (
        <p class="field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}
