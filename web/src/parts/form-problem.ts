/**
 * Where a form shows a failed request, on every form of the portal (the
 * player's pages and the console's): at the field the answer names (its
 * `field`, which the API gives for every refusal about one field), where
 * Field ties it to the input (aria-invalid, aria-describedby); anything else
 * in one notice for the whole form. The focus goes to the field refused, so a
 * screen reader says the error with it.
 */
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import type { Problem } from '../api.js';

/** The problem's message when it is about the field `name`. */
export function fieldError(problem: Problem | undefined, name: string): string | undefined {
  return problem?.field === name ? problem.message : undefined;
}

/** The problem when none of the form's `fields` shows it. */
export function unplacedProblem(problem: Problem | undefined, fields: readonly string[]): Problem | undefined {
  return problem && !(problem.field && fields.includes(problem.field)) ? problem : undefined;
}

/** After a refusal, the focus on the first control the form marked invalid. */
export function useFocusOnRefusal(form: RefObject<HTMLElement | null>, problem: Problem | undefined): void {
  useEffect(() => {
    if (problem) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problem]);
}
