/**
 * Moving between pages without reloading: the address bar's path picks the
 * page (every path outside /api is served the same page by Gatehouse), links
 * push a new entry, and Back and Forward work as in any site.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => {
  for (const listener of listeners) listener();
});

/** Goes to `to` (a path with an optional query), as a link would. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === location.pathname + location.search) return;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const listener of listeners) listener();
}

/** The current path and query; re-renders the caller when they change. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((version) => version + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

export function Link(props: { href: string; children: ComponentChildren; class?: string; 'aria-current'?: 'page' | undefined }) {
  return (
    <a
      href={props.href}
      class={props.class}
      aria-current={props['aria-current']}
      onClick={(event) => {
        // Let the browser handle a new tab or window.
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}
