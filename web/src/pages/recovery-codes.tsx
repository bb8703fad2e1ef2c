/** Recovery codes shown this once: copied to the clipboard, or downloaded as a text file; the person says when they have kept them. */
import { useState } from 'preact/hooks';
import { useFocusOnShow } from '../parts/focus.js';

export function RecoveryCodes(props: { codes: string[]; onKept: () => void }) {
  const [said, setSaid] = useState('');
  // The button that asked for them is gone: the codes' title takes the focus, so they are read first.
  const title = useFocusOnShow<HTMLHeadingElement>();
  const text = `Gatehouse recovery codes for ${location.host} (each works once):\n${props.codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      setSaid('This address cannot copy for you: select the codes and press Ctrl+C (⌘C on a Mac), or download them.');
    }
  };
  return (
    <div class="recovery">
      <h3 id="recovery-title" ref={title} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p class="notice success" role="status">
        The app is on. Keep these ten codes somewhere safe: each logs you in once if you lose your phone. They are shown this once; Gatehouse keeps only a hash of them.
      </p>
      <ul class="codes mono" data-testid="recovery-codes">
        {props.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div class="row">
        <button type="button" onClick={() => void copy()}>
          Copy the codes
        </button>
        <a class="button" href={download} download="gatehouse-recovery-codes.txt">
          Download the codes
        </a>
        <button type="button" class="primary" onClick={props.onKept}>
          I have kept them
        </button>
      </div>
      <p role="status" class="hint">
        {said}
      </p>
    </div>
  );
}
