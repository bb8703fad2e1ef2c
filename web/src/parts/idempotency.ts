import { useRef } from 'preact/hooks';

/**
 * A key for one money-moving action, sent as Idempotency-Key: the same key
 * sent twice (a double click, a retry after a lost answer) moves money once.
 * Made with getRandomValues, which works on a plain-http LAN address too
 * (crypto.randomUUID needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `portal-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * One key per action the player means: `keyFor(what)` gives the same key
 * while `what` (the action's own description, e.g. its body as JSON) stays
 * the same, so a retry of a failed or unanswered attempt reuses it; `done()`
 * after a success, so doing the same thing again on purpose is a new action.
 */
export function useIdempotencyKey(): { keyFor: (what: string) => string; done: () => void } {
  const held = useRef<{ key: string; of: string } | undefined>(undefined);
  return {
    keyFor: (what) => {
      if (held.current?.of !== what) held.current = { key: newIdempotencyKey(), of: what };
      return held.current.key;
    },
    done: () => {
      held.current = undefined;
    },
  };
}
