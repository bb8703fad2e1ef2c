/**
 * A destructive action asked twice, in the page: the first press shows what
 * will happen with a button that does it and one that keeps things as they
 * are (focus moves to the question so a keyboard or screen reader user
 * meets it at once).
 */
import { useEffect, useRef, useState } from 'preact/hooks';

export function ConfirmButton(props: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  disabled?: boolean;
  /** The button's name when its label alone does not say what it acts on (one of many in a list); it starts with the label. */
  name?: string;
}) {
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" class="danger" aria-label={props.name} disabled={props.disabled || props.busy} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  return (
    <fieldset class="confirm">
      <legend class="visually-hidden">{props.label}</legend>
      <p ref={question} tabIndex={-1}>
        {props.question}
      </p>
      <div class="actions">
        <button
          type="button"
          class="danger"
          disabled={props.busy}
          onClick={() => {
            setAsking(false);
            props.onConfirm();
          }}
        >
          {props.confirmLabel}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Keep it
        </button>
      </div>
    </fieldset>
  );
}
