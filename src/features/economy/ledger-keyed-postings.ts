/**
 * The PostgreSQL ledger's migration 5: postings under Idempotency-Keys in
 * the same statement as the rest (see ./store-postgres.ts), in a file of its
 * own for its length. Never edited once released: a change is a new version.
 */
import type { PostgresMigration } from '../../store/postgres/access.js';
import { moveLine } from './ledger-posting-functions.js';

/**
 * A ledger row as the JSON the ledger's records are in memory (store.ts
 * LedgerRecord, the fields in the same order, those it lacks left out), as
 * `record` reads it back: what a repeat of a keyed request is answered
 * from, whichever instance made it. `r` is the row.
 */
const recordJson = `json_strip_nulls(json_build_object(
              'id', r.id, 'account', r.account,
              'player', json_build_object('name', r.player_name, 'uuid', r.player_uuid),
              'type', r.type, 'amount', r.amount, 'balance', r.balance, 'description', r.description,
              'timestamp', to_char(r.timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'counterparty', CASE WHEN r.counterparty_uuid IS NOT NULL THEN json_build_object('name', r.counterparty_name, 'uuid', r.counterparty_uuid) END,
              'item', r.item, 'quantity', r.quantity, 'reverses', r.reverses, 'actor', r.actor))`;

export const keyedPostings: PostgresMigration = {
  version: 5,
  description: "postings with their Idempotency-Keys' claims and answers, in one statement",
  // ledger_post_batch (migration 4) with, for each posting, an optional
  // Idempotency-Key: its advisory lock (the one a unit of work takes for
  // the key, economy_answer_locked), its answer's key and the request's
  // fingerprint. The keys' locks are taken first, in the order of their
  // numbers, then the accounts', as a unit of work takes a key's before its
  // posting's: statements and units over the same keys and accounts wait
  // for each other instead of deadlocking. Then each posting in turn: one
  // whose key has an answer already (another request's, committed before
  // the lock was given: each statement of the function sees what committed
  // before it began) is not made, and answers 'answered' with the answer
  // kept; otherwise it is moved or refused exactly as in ledger_post_batch.
  // The records of the postings made are then inserted in one statement,
  // the answers of those made under a key (their records' ids) in one
  // more, and the lines answered in a third, rather than statement by
  // statement. So a key's claim, its posting and its answer are one
  // statement, committed with the postings made beside it
  // (postgres-posting-batches.ts): a request repeated at once on another
  // instance waits for the lock, then finds the answer. A key twice in one
  // call is refused whole (the caller sends each posting alone then).
  //
  // The answer kept for a posting made under a key is its records' ids
  // ({"ledgerIds": [first, count]}: a posting's ids are consecutive), not
  // the records again, which the ledger keeps for longer than the answer's
  // day (retention keeps every record of a day at least a day old); a
  // repeat is answered with the records read back as they were posted,
  // through economy_answer_body, which economy_answer_locked (migration 3,
  // here replaced) answers through too. Any other answer is as it was kept.
  sql: ({ name }) => `
      CREATE FUNCTION ${name('economy_answer_body')}(body json) RETURNS json LANGUAGE sql STABLE AS $$
        SELECT CASE WHEN body->'ledgerIds' IS NULL THEN body ELSE (
          SELECT coalesce(json_agg(${recordJson} ORDER BY r.id), '[]'::json) FROM ${name('ledger')} r
          WHERE r.id >= (body->'ledgerIds'->>0)::bigint AND r.id < (body->'ledgerIds'->>0)::bigint + (body->'ledgerIds'->>1)::bigint) END
      $$;

      CREATE OR REPLACE FUNCTION ${name('economy_answer_locked')}(lock_key bigint, answer_key text)
      RETURNS TABLE (fingerprint text, status integer, body json, at timestamptz) LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(lock_key);
        RETURN QUERY SELECT a.fingerprint, a.status, ${name('economy_answer_body')}(a.body), a.at FROM ${name('economy_answers')} a WHERE a.key = answer_key;
      END
      $$;

      CREATE FUNCTION ${name('ledger_post_once')}(
        postings integer[], uuids text[], player_names text[], amounts bigint[], external_balances bigint[], ats timestamptz[], types text[],
        descriptions text[], counterparty_uuids text[], counterparty_names text[], items text[], quantities integer[], reversed_ids bigint[],
        actors text[], max_cents bigint, answer_keys text[], answer_locks bigint[], fingerprints text[]
      ) RETURNS TABLE (posting integer, line integer, refused text, id bigint, account integer, balance bigint,
                       kept_fingerprint text, kept_status integer, kept_body json, kept_at timestamptz) LANGUAGE plpgsql AS $$
      DECLARE
        total integer := cardinality(uuids);
        first_line integer := 1;
        last_line integer;
        failed integer;
        moved record;
        kept record;
        numbers integer[];
        balances bigint[];
        before_line bigint[];
        ids bigint[];
        made integer[] := '{}';
        made_keys text[] := '{}';
        first_id bigint;
        line_amount bigint;
        line_external bigint;
        lock_key bigint;
        number integer;
      BEGIN
        FOR lock_key IN SELECT DISTINCT k FROM unnest(answer_locks) AS k WHERE k IS NOT NULL ORDER BY k LOOP
          PERFORM pg_advisory_xact_lock(lock_key);
        END LOOP;
        PERFORM FROM ${name('economy_accounts')} a WHERE a.uuid = ANY(uuids) ORDER BY a.no FOR UPDATE;
        WHILE first_line <= total LOOP
          last_line := first_line;
          WHILE last_line < total AND postings[last_line + 1] = postings[first_line] LOOP
            last_line := last_line + 1;
          END LOOP;
          number := postings[first_line];
          IF answer_keys[number] IS NOT NULL THEN
            IF answer_keys[number] = ANY(made_keys) THEN
              RAISE EXCEPTION 'the Idempotency-Key % is twice in one call', answer_keys[number];
            END IF;
            SELECT a.fingerprint, a.status, ${name('economy_answer_body')}(a.body) AS body, a.at INTO kept FROM ${name('economy_answers')} a WHERE a.key = answer_keys[number];
            IF FOUND THEN
              RETURN QUERY VALUES (number, NULL::integer, 'answered'::text, NULL::bigint, NULL::integer, NULL::bigint, kept.fingerprint, kept.status, kept.body, kept.at);
              first_line := last_line + 1;
              CONTINUE;
            END IF;
          END IF;
          failed := NULL;
          FOR l IN first_line .. last_line LOOP
            ${moveLine(name('economy_accounts'))}
            IF NOT FOUND THEN
              failed := l;
              EXIT;
            END IF;
            numbers[l] := moved.no;
            balances[l] := moved.cents;
            before_line[l] := moved.before;
          END LOOP;
          IF failed IS NOT NULL THEN
            RETURN QUERY SELECT number, r.line, r.refused, r.id, r.account, r.balance, NULL::text, NULL::integer, NULL::json, NULL::timestamptz
              FROM ${name('ledger_refusal')}(failed - first_line + 1, uuids[first_line:last_line], player_names[first_line:last_line], amounts[failed], max_cents) r;
            FOR done IN REVERSE failed - 1 .. first_line LOOP
              UPDATE ${name('economy_accounts')} a SET cents = before_line[done] WHERE a.no = numbers[done];
            END LOOP;
          ELSE
            first_id := ${name('ledger_reserve_ids')}(last_line - first_line + 1);
            FOR l IN first_line .. last_line LOOP
              ids[l] := first_id + l - first_line;
              made := made || l;
            END LOOP;
            IF answer_keys[number] IS NOT NULL THEN
              made_keys := made_keys || answer_keys[number];
            END IF;
          END IF;
          first_line := last_line + 1;
        END LOOP;
        INSERT INTO ${name('ledger')} (id, account, player_uuid, player_name, type, amount, balance, description, timestamp,
                                      counterparty_uuid, counterparty_name, item, quantity, reverses, actor)
          SELECT ids[l], numbers[l], uuids[l], player_names[l], types[l], amounts[l], balances[l], descriptions[l], ats[l],
                 counterparty_uuids[l], counterparty_names[l], items[l], quantities[l], reversed_ids[l], actors[l]
          FROM unnest(made) AS l;
        INSERT INTO ${name('economy_answers')} (key, fingerprint, status, body, at)
          SELECT answer_keys[postings[l]], fingerprints[postings[l]], 200, json_build_object('ledgerIds', json_build_array(min(ids[l]), count(*))), min(ats[l])
          FROM unnest(made) AS l WHERE answer_keys[postings[l]] IS NOT NULL
          GROUP BY postings[l], answer_keys[postings[l]], fingerprints[postings[l]];
        RETURN QUERY SELECT postings[l], (l - array_position(postings, postings[l]) + 1)::integer, NULL::text, ids[l], numbers[l], balances[l],
                            NULL::text, NULL::integer, NULL::json, NULL::timestamptz
          FROM unnest(made) AS l ORDER BY l;
      END
      $$;
    `,
};
