/** Presenters of the second factors. */
import type { PasskeyRecord } from './store.js';

export const passkeyAnswer = (passkey: PasskeyRecord) => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: passkey.createdAt,
  lastUsedAt: passkey.lastUsedAt,
  synced: passkey.backedUp,
});
