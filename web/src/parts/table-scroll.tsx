/**
 * A wide table's frame: it scrolls sideways on a narrow screen rather than
 * the page. It takes the keyboard focus (and is named as a region), so a
 * keyboard alone can scroll it too.
 */
import type { ComponentChildren } from 'preact';

export function TableScroll(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled by it
    <section class="table-scroll" tabIndex={0} aria-label={props.label}>
      {props.children}
    </section>
  );
}
