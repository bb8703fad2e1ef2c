/** A labelled on/off setting with its error beside it (tied by aria-describedby, as Field does). */
import { useId } from 'preact/hooks';

export function Checkbox(props: { label: string; name: string; checked: boolean; onChange: (checked: boolean) => void; error?: string; hint?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={props.error ? 'field check invalid' : 'field check'}>
      <span class="check-row">
        <input
          id={id}
          type="checkbox"
          name={props.name}
          checked={props.checked}
          aria-invalid={props.error ? 'true' : undefined}
          aria-describedby={describedBy}
          onChange={(event) => props.onChange((event.target as HTMLInputElement).checked)}
        />
        <label for={id}>{props.label}</label>
      </span>
      {props.hint && (
        <p class="hint" id={hintId}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}
