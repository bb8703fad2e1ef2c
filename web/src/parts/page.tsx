/**
 * A page's frame: its title, where the keyboard focus goes when the page
 * shows (a screen reader starts reading there, and Tab goes on from the top
 * of the page), and what the page holds.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Page(props: { title: string; class?: string; before?: ComponentChildren; children?: ComponentChildren }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);
  return (
    <section aria-labelledby="page-title" class={props.class}>
      {props.before}
      <h1 id="page-title" ref={title} tabIndex={-1}>
        {props.title}
      </h1>
      {props.children}
    </section>
  );
}
