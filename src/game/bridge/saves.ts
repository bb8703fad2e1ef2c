/**
 * The saves group over the bridge: the Paper server's worlds' folders, and
 * their saving paused (autosave off, then every world saved with a flush of
 * its chunk writer) and resumed. The plugin ends a pause by itself when its
 * lease runs out, so worlds save again should this sidecar die mid-backup;
 * a pause lasting longer renews the lease (a pause while paused saves
 * nothing more) until `resume`.
 */
import type { WorldFolder, WorldSaves } from '../port.js';
import type { RequestOptions } from './json-rpc.js';

type Call = (method: string, params: object, options?: RequestOptions) => Promise<unknown>;

/** How long a pause lasts in the plugin unless renewed, and how often it is renewed meanwhile. */
export const pauseLeaseSeconds = 300;
const renewEveryMs = (pauseLeaseSeconds / 3) * 1000;
/** Saving every world with a flush can take a while on a large server: the answer is waited for this long. */
const saveTimeoutMs = 120_000;

export function bridgeSaves(call: Call, logError: (message: string) => void): WorldSaves {
  let renewal: NodeJS.Timeout | null = null;
  const stopRenewing = () => {
    if (renewal) clearInterval(renewal);
    renewal = null;
  };
  return {
    folders: () => call('saves.folders', {}) as Promise<WorldFolder[]>,
    pause: async () => {
      stopRenewing();
      renewal = setInterval(() => {
        call('saves.pause', { leaseSeconds: pauseLeaseSeconds }).catch((error: Error) => logError(`bridge: renewing the pause of world saving: ${error.message}`));
      }, renewEveryMs);
      renewal.unref();
      await call('saves.pause', { leaseSeconds: pauseLeaseSeconds }, { timeoutMs: saveTimeoutMs });
    },
    resume: async () => {
      stopRenewing();
      await call('saves.resume', {}, { timeoutMs: saveTimeoutMs });
    },
  };
}
