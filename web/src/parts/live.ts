/**
 * The live events for the portal's pages: one stream a tab (GET /api/events
 * through the typed client's helper, the session's token in a header, never
 * in the address, renewed with the session's cookie when refused as
 * expired), shared by every part of the page that listens, open
 * while something listens and closed when nothing does. The server sends
 * each caller what its access reads: a player their own balance and
 * deliveries, an admin everything.
 *
 * A page names the kinds that make it read again (useLiveReload); while the
 * stream is not open (refused past the streams a caller may hold, broken,
 * the server away) it polls instead, and it reads again each time the
 * stream opens, for what happened while it was not. A hidden tab reads
 * nothing; what came meanwhile is read once when it shows.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { type EventType, type GatehouseEvent, streamEvents } from '../../../client/gatehouse-client.js';
import { fetchRenewing } from '../api.js';
import { currentSession } from '../session.js';
import { usePolling } from './load.js';

type Listener = (event: GatehouseEvent) => void;

const listeners = new Set<Listener>();
const openWatchers = new Set<(open: boolean) => void>();
let running: AbortController | undefined;
let open = false;

function setOpen(now: boolean): void {
  if (now === open) return;
  open = now;
  for (const watcher of [...openWatchers]) watcher(now);
}

function connect(): void {
  const controller = new AbortController();
  running = controller;
  // Read at each connection: a new login's token is the one sent.
  const credentials = {
    get token() {
      return currentSession()?.token;
    },
  };
  (async () => {
    try {
      // Through the page's fetch that renews a refused token with the session's cookie, as every request of the page does.
      const events = streamEvents(location.origin, credentials, { signal: controller.signal, onOpen: () => setOpen(true), onError: () => setOpen(false) }, fetchRenewing);
      for await (const event of events) for (const listener of [...listeners]) listener(event);
    } catch {
      // Refused (no session, or past the streams a caller may hold): the pages poll.
    }
    if (running === controller) {
      running = undefined;
      setOpen(false);
    }
  })();
}

function listen(listener: Listener): () => void {
  listeners.add(listener);
  if (!running) connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && running) {
      running.abort();
      running = undefined;
      setOpen(false);
    }
  };
}

/** Calls `onEvent` for each event of the kinds in `types` while the component is shown; answers whether the stream is open. */
export function useLiveEvents(types: readonly EventType[], onEvent: (event: GatehouseEvent) => void): boolean {
  const [isOpen, setIsOpen] = useState(open);
  const saved = useRef(onEvent);
  saved.current = onEvent;
  const key = types.join(',');
  useEffect(() => {
    const wanted = new Set<string>(types);
    const watcher = (now: boolean) => setIsOpen(now);
    openWatchers.add(watcher);
    const stop = listen((event) => {
      if (wanted.has(event.type)) saved.current(event);
    });
    setIsOpen(open);
    return () => {
      openWatchers.delete(watcher);
      stop();
    };
  }, [key]);
  return isOpen;
}

/** Events that come together (a payout, a purchase's movement and delivery) make one read. */
const settleMs = 150;

/**
 * Runs `reload` when an event of `types` comes, and when the stream opens
 * (what happened before it did); polls every `fallbackMs` only while it is
 * not open. While the tab is hidden nothing is read: an event then makes
 * one read when the tab shows again. Answers whether the page is live.
 */
export function useLiveReload(types: readonly EventType[], reload: () => void, fallbackMs: number): boolean {
  const saved = useRef(reload);
  saved.current = reload;
  const timer = useRef<number | undefined>(undefined);
  const missed = useRef(false);
  const soon = () => {
    if (document.visibilityState !== 'visible') {
      missed.current = true;
      return;
    }
    if (timer.current === undefined) {
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        saved.current();
      }, settleMs);
    }
  };
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && missed.current) {
        missed.current = false;
        soon();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearTimeout(timer.current);
    };
  }, []);
  const live = useLiveEvents(types, soon);
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current) soon();
    wasLive.current = live;
  }, [live]);
  usePolling(reload, fallbackMs, !live);
  return live;
}
