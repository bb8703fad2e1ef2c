/**
 * Reads that every request makes (its session, the player's bans in force),
 * sent to PostgreSQL together: those asked while earlier ones are on their
 * way go in one statement (`WHERE id = ANY($1)`), each caller answered its
 * own. Under load a statement answers tens of requests, so the database,
 * and the client library on our side, do a fraction of the work per
 * request; with one request at a time nothing waits, as the first goes at
 * once. It is the postings' group commit (postgres-posting-batches.ts) for
 * reads.
 *
 * Nothing is kept: every read is answered by a statement sent after it was
 * asked, so it sees everything committed before it was asked (a session
 * ended, a ban made on another server of the network) as a read of its own
 * would. `dataloader` gathers the keys and hands each caller its answer;
 * here is only when a batch goes: at the end of this turn of the event loop
 * while fewer than `maxStatementsInFlight` are on their way, else when one
 * comes back.
 */
import DataLoader from 'dataloader';

/** At most this many statements on their way at once: one is answered while the next gathers. */
const maxStatementsInFlight = 2;
/** At most this many keys a statement. */
const maxKeysPerStatement = 100;

/**
 * `read` answers a batch of keys, an answer (or an Error, for that caller
 * alone) for each, in their order; the function made answers one key, read
 * with whatever else is asked meanwhile. A `read` that fails fails every
 * caller of its batch, with its error.
 */
export function batchedReads<K, V>(read: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>): (key: K) => Promise<V> {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await read(keys);
      } finally {
        // The slot goes to the batch waiting longest, or is free.
        const next = waiting.shift();
        if (next) next();
        else inFlight -= 1;
      }
    },
    {
      cache: false,
      maxBatchSize: maxKeysPerStatement,
      batchScheduleFn: (dispatch) => {
        if (inFlight < maxStatementsInFlight) {
          inFlight += 1;
          // After the requests read from the sockets in this turn of the event loop, so their keys go with it:
          // in the benchmark's rounds, 14 keys a statement rather than 8 (at the end of the running callback).
          setImmediate(dispatch);
        } else {
          waiting.push(dispatch);
        }
      },
    },
  );
  return (key) => loader.load(key);
}
