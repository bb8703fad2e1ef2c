/** Loading what a page shows: the data, the Problem if it failed, and a way to load again. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { Problem } from './problem.js';

export interface Loaded<T> {
  data: T | undefined;
  problem: Problem | undefined;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` now and whenever a value in `inputs` changes; an answer that arrives after a newer request started is dropped. */
export function useLoad<T>(load: () => Promise<T>, inputs: unknown[] = []): Loaded<T> {
  const [state, setState] = useState<{ data?: T; problem?: Problem; loading: boolean }>({ loading: true });
  const latest = useRef(0);
  const run = useCallback(() => {
    const request = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => request === latest.current && setState({ data, loading: false }),
      (error: unknown) => request === latest.current && setState((previous) => ({ data: previous.data, problem: Problem.from(error), loading: false })),
    );
  }, inputs);
  useEffect(run, [run]);
  return { data: state.data, problem: state.problem, loading: state.loading, reload: run };
}

/** Polls `tick` every `ms` while the tab is visible (and `enabled`: a live page polls only while its stream is not open); paused while it is hidden, and run at once when it shows again. */
export function usePolling(tick: () => void, ms: number, enabled = true): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const start = () => {
      if (timer === undefined && document.visibilityState === 'visible') timer = window.setInterval(() => saved.current(), ms);
    };
    const stop = () => {
      if (timer !== undefined) window.clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        saved.current();
        start();
      } else stop();
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ms, enabled]);
}
