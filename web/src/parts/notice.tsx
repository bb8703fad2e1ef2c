/** What a page says about a request: a problem (announced at once to screen readers), or a success. */
import type { Problem } from './problem.js';

export function ProblemNotice(props: { problem: Problem | undefined; retry?: () => void }) {
  if (!props.problem) return null;
  return (
    <div class="notice problem" role="alert">
      <p>{props.problem.message}</p>
      {props.problem.refused.length > 0 && (
        <ul>
          {props.problem.refused.map((refusal) => (
            <li key={refusal.item}>
              {refusal.item}: {refusal.reason}
            </li>
          ))}
        </ul>
      )}
      {props.retry && (
        <button type="button" onClick={props.retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Success(props: { text: string | undefined }) {
  return (
    <p class="notice success" role="status">
      {props.text ?? ''}
    </p>
  );
}
