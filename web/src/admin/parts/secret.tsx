/**
 * A secret shown once, in a read-only field, with a copy button. The
 * clipboard API needs a secure context (https or localhost); on a plain-http
 * LAN address the button selects the text instead and says to copy it.
 */
import { useId, useRef, useState } from 'preact/hooks';

export function OnceSecret(props: { secret: string; label: string /** What the secret is for, after "Shown this once: keep it now." */; kept?: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const copy = async () => {
    if (window.isSecureContext && navigator.clipboard) {
      try {
        await navigator.clipboard.writeText(props.secret);
        setSaid('Copied.');
        return;
      } catch {
        // refused (no permission): select it instead
      }
    }
    field.current?.focus();
    field.current?.select();
    setSaid('Selected: press Ctrl+C (⌘C on a Mac) to copy it. This address cannot copy for you.');
  };
  return (
    <div class="field secret">
      <label for={id}>{props.label}</label>
      <p class="hint" id={`${id}-hint`}>
        Shown this once: keep it now. {props.kept ?? 'Gatehouse stores only a hash of it.'}
      </p>
      <div class="secret-row">
        <input id={id} ref={field} readOnly value={props.secret} aria-describedby={`${id}-hint`} class="mono" onFocus={(event) => (event.target as HTMLInputElement).select()} />
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p role="status" class="hint">
        {said}
      </p>
    </div>
  );
}
