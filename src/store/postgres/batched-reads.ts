/**
 * Reads that every request makes (its session, the player's bans in force),
 * sent to PostgreSQL together: those asked while earlier ones are on their
 * way go in one statement (`WHERE id = ANY($1)`), each caller answered its
 * own. Under load a statement answers many requests (14 on average in the
 * benchmark's rounds of 64 clients), so the database,
 * and the client library on our side, do a fraction of the work per
 * request; with one request at a time it waits only for the end of the
 * event loop's turn. It is the postings' group commit
 * (postgres-posting-batches.ts) for reads. A statement PostgreSQL refuses
 * for what a key holds (not for being away) is sent again a key at a time,
 * so that one caller's bad key fails no other caller.
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
import { isUnavailable } from './errors.js';

/** At most this many statements on their way at once: one is answered while the next gathers. */
const maxStatementsInFlight = 2;
/** At most this many keys a statement. */
const maxKeysPerStatement = 100;

/**
 * `read` answers a batch of keys, an answer (or an Error, for that caller
 * alone) for each, in their order; the function made answers one key, read
 * with whatever else is asked meanwhile. A `read` that fails because the
 * database is away fails every caller of its batch, with its error; one
 * that fails otherwise is tried again for each key alone. Inside a unit of
 * work (`inUnit`) each key is read alone, at once, on the unit's connection
 * and in its transaction: there is nothing there to gather.
 */
export function batchedReads<K, V>(read: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>, { inUnit = false } = {}): (key: K) => Promise<V> {
  if (inUnit) {
    return async (key) => {
      const [answer] = await read([key]);
      if (answer instanceof Error) throw answer;
      return answer as V;
    };
  }
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await read(keys);
      } catch (error) {
        if (keys.length === 1 || isUnavailable(error)) throw error;
        return await Promise.all(
          keys.map((key) =>
            read([key]).then(
              (answers) => answers[0]!,
              (failure: Error) => failure,
            ),
          ),
        );
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
