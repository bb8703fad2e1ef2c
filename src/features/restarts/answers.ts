import type { PendingRestart } from './store.js';

/** The pending restart with the whole seconds left until it, as of `at` (0 once due). */
export function pendingRestartAnswer(pending: PendingRestart, at: Date) {
  return {
    ...pending,
    secondsRemaining: Math.max(0, Math.ceil((Date.parse(pending.restartAt) - at.getTime()) / 1000)),
  };
}
