/**
 * A page whose code is fetched the first time it is shown, as a file of its
 * own in the build with what only it uses (the console's pages: a player
 * never downloads them; uPlot comes with the pages that draw charts). While
 * it comes, the page says so. A file that cannot be fetched (Gatehouse was
 * updated since the tab loaded, and the old file is gone) is a Problem for
 * the error boundary, which offers to reload.
 */
import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Problem } from './problem.js';

export function lazy(load: () => Promise<FunctionComponent>): FunctionComponent {
  let page: FunctionComponent | undefined;
  let failed = false;
  let loading: Promise<void> | undefined;
  return function LazyPage() {
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (page || failed) return;
      let shown = true;
      loading ??= load().then(
        (loaded) => {
          page = loaded;
        },
        () => {
          failed = true;
        },
      );
      void loading.then(() => shown && setArrived(true));
      return () => {
        shown = false;
      };
    }, []);
    if (failed) throw new Problem(0, 'page_not_loaded', 'This page could not be loaded: Gatehouse may have been updated since this tab opened. Reload the page.');
    if (!page) return <p class="muted">Loading the page…</p>;
    const Loaded = page;
    return <Loaded />;
  };
}
