import type { ConnectionLogEntry } from './store.js';

/** An entry as the API shows it: `reason` only where a login was refused for one. */
export function connectionAnswer({ id, username, action, ipAddress, timestamp, success, reason }: ConnectionLogEntry) {
  return { id, username, action, ipAddress, timestamp, success, ...(reason ? { reason } : {}) };
}
