/**
 * Where the keyboard focus goes when what had it is replaced: a button that
 * opened a form, or a step that gave way to the next, is gone from the page,
 * and the browser would drop the focus to the page's start. These move it to
 * what took its place, so a keyboard or screen reader user carries on there.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** A ref whose element takes the focus when it first shows. */
export function useFocusOnShow<T extends HTMLElement>(): RefObject<T | null> {
  const element = useRef<T>(null);
  useEffect(() => {
    element.current?.focus();
  }, []);
  return element;
}

/** Moves the focus to `target` each time `value` changes (not when the component first shows), unless `unless` says another element takes it. */
export function useFocusOnChange(target: RefObject<HTMLElement | null>, value: unknown, unless = false): void {
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current !== value && !unless) target.current?.focus();
    shown.current = value;
  }, [value]);
}

/** Moves the focus to the first field (or button) inside `container` each time `value` changes to something (a form opened). */
export function useFocusFirstFieldOn(container: RefObject<HTMLElement | null>, value: unknown): void {
  useEffect(() => {
    if (value) container.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [value]);
}

/** When a form that one of `openers` opened closes (`open` back to undefined, cancelled or done), the focus goes back to the button that opened it. */
export function useFocusBackToOpener(open: string | undefined, openers: Record<string, RefObject<HTMLElement | null>>): void {
  const shown = useRef(open);
  useEffect(() => {
    if (shown.current !== undefined && open === undefined) openers[shown.current]?.current?.focus();
    shown.current = open;
  }, [open]);
}
