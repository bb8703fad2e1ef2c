/**
 * A wide table's scrolling box, reachable by keyboard: on a phone the table
 * scrolls sideways inside it, and a keyboard user needs to focus the box to
 * scroll it (axe-core: scrollable-region-focusable). Named for screen readers.
 */
import type { ComponentChildren } from 'preact';

export function TableScroll(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <section class="table-scroll" tabIndex={0} aria-label={props.label}>
      {props.children}
    </section>
  );
}
