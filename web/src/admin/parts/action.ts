/** One admin action's state: busy while it runs (so its button cannot send it twice), then what it said or the Problem. */
import { useRef, useState } from 'preact/hooks';
import { Problem } from '../../api.js';
import { fieldError, unplacedProblem as unplacedOf } from '../../parts/form-problem.js';

export interface Action {
  busy: boolean;
  problem: Problem | undefined;
  said: string | undefined;
  /** Runs `act` unless one is running; its string answer is shown as the success. Returns whether it succeeded. */
  run: (act: () => Promise<string>) => Promise<boolean>;
  clear: () => void;
}

export function useAction(): Action {
  const [state, setState] = useState<{ busy: boolean; problem?: Problem; said?: string }>({ busy: false });
  // A ref, not the state: two clicks before the next render both see the state as it was.
  const running = useRef(false);
  const run = async (act: () => Promise<string>) => {
    if (running.current) return false;
    running.current = true;
    setState({ busy: true });
    try {
      const said = await act();
      setState({ busy: false, said });
      return true;
    } catch (error) {
      setState({ busy: false, problem: error instanceof Problem ? error : new Problem(0, 'unexpected', String(error)) });
      return false;
    } finally {
      running.current = false;
    }
  };
  return { busy: state.busy, problem: state.problem, said: state.said, run, clear: () => setState({ busy: false }) };
}

/** The action's error for the field named `name` (the answer names it), to show beside that field: the portal's one rule (parts/form-problem.ts). */
export function errorFor(action: Action, name: string): string | undefined {
  return fieldError(action.problem, name);
}

/** The action's problem when no field of the form shows it. */
export function unplacedProblem(action: Action, fields: string[]): Problem | undefined {
  return unplacedOf(action.problem, fields);
}
