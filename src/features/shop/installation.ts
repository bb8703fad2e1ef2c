/**
 * This installation's id, for the operation ids the game is asked under.
 *
 * A game keeps its memory of operations longer than an install may live:
 * vanilla's scoreboard holds its records for a week, the embedded server's
 * player files and the plugin's memory outlast a reinstall. Deliveries are
 * numbered from 1 by each new data directory or database, so `delivery-1-1`
 * of a fresh install would be answered from the record an earlier install
 * left, and nothing given. The id is made once at random (64 bits) and kept
 * in the store's keys: every instance of one network shares it, a new data
 * directory or database makes a new one. (A restored backup keeps it and
 * numbers deliveries again: each attempt's id has a random part too.)
 */
import { randomBytes } from 'node:crypto';
import type { KeyStore } from '../../store/port.js';

const keyName = 'installation';

/** Reads (or makes, the first time) the id once, and answers it after as hex. */
export function installationId(keys: KeyStore): () => Promise<string> {
  let id: Promise<string> | undefined;
  return () => {
    id ??= keys.getOrCreate(keyName, () => randomBytes(8)).then((key) => key.toString('hex'));
    // A store that failed to answer is asked again next time.
    id.catch(() => (id = undefined));
    return id;
  };
}
