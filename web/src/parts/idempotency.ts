/**
 * The Idempotency-Key of a money-moving action: the same key sent twice (a
 * double click, a retry after a lost answer) moves money once. `keyFor(what)`
 * gives the same key while `what` (the action's own description, e.g. its
 * body as JSON) stays the same, so a retry of a failed or unanswered attempt
 * reuses it, and another action (another amount, another item) gets a new
 * one; `done()` after a success, so doing the same thing again on purpose is
 * a new action. Made with getRandomValues, which works on a plain-http LAN
 * address too (crypto.randomUUID needs a secure context).
 */
import { useRef } from 'preact/hooks';

export function useIdempotencyKey(): { keyFor: (what: string) => string; done: () => void } {
  const held = useRef<{ key: string; of: string } | undefined>(undefined);
  return {
    keyFor: (what) => {
      if (held.current?.of !== what) {
        const bytes = crypto.getRandomValues(new Uint8Array(16));
        held.current = { key: `portal-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`, of: what };
      }
      return held.current.key;
    },
    done: () => {
      held.current = undefined;
    },
  };
}
