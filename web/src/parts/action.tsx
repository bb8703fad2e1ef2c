/**
 * What a person does on a page, a form's submit or a button's click: busy
 * while it runs (a second click sends nothing), then what it did or what
 * went wrong. The one rule of every form, the player's and the console's:
 * a problem about a field (the answer's `field`, which the API gives for
 * every refusal about one) is shown at that field, where Field ties it to
 * the input (aria-invalid, aria-describedby), and the focus goes there so a
 * screen reader says it; anything else in one notice for the whole form.
 * A form submits through `Form`, which ties it to its action.
 */
import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ProblemNotice, Success } from './notice.js';
import { Problem } from './problem.js';

export interface Action {
  busy: boolean;
  problem: Problem | undefined;
  /** What the last success said. */
  done: string | undefined;
  /** Runs `act` unless one is running; the sentence it returns is the success said. Returns whether it succeeded. */
  run: (act: () => Promise<string | undefined> | Promise<void>) => Promise<boolean>;
  /** The problem's message when it is about the field `name`, for that field. */
  errorAt: (name: string) => string | undefined;
  /** The problem when none of the form's fields shows it, for the form's notice. */
  unplaced: Problem | undefined;
  clear: () => void;
  /** The form's element: after a refusal the focus goes to the control it marked invalid. */
  form: RefObject<HTMLFormElement | null>;
}

/** `fields`: the names of the form's fields, which show a problem about them themselves. */
export function useAction(fields: readonly string[] = []): Action {
  const [state, setState] = useState<{ busy: boolean; problem?: Problem; done?: string }>({ busy: false });
  // A ref, not the state: two clicks before the next render both see the state as it was.
  const running = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const { problem } = state;
  useEffect(() => {
    if (problem) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problem]);

  const run = async (act: () => Promise<string | undefined> | Promise<void>) => {
    if (running.current) return false;
    running.current = true;
    setState({ busy: true });
    try {
      setState({ busy: false, done: (await act()) ?? undefined });
      return true;
    } catch (error) {
      setState({ busy: false, problem: Problem.from(error) });
      return false;
    } finally {
      running.current = false;
    }
  };
  return {
    busy: state.busy,
    problem,
    done: state.done,
    run,
    errorAt: (name) => (problem?.field === name ? problem.message : undefined),
    unplaced: problem && !(problem.field && fields.includes(problem.field)) ? problem : undefined,
    clear: () => setState({ busy: false }),
    form,
  };
}

/** A form whose submit runs `submit` as `action`: the browser's own checks off (the API's words are the ones shown), the focus on a refused field. */
export function Form(props: { action: Action; submit: () => Promise<string | undefined> | Promise<void>; class?: string; labelledBy?: string; children: ComponentChildren }) {
  return (
    <form
      ref={props.action.form}
      class={props.class}
      aria-labelledby={props.labelledBy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void props.action.run(props.submit);
      }}
    >
      {props.children}
    </form>
  );
}

/** What the action came to, at the end of its form: a problem none of its fields shows, or what it did. */
export function Outcome(props: { action: Action }) {
  return (
    <>
      <ProblemNotice problem={props.action.unplaced} />
      <Success text={props.action.done} />
    </>
  );
}
