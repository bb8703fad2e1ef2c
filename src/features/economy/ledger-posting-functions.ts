/**
 * The PostgreSQL ledger's migration 4: the functions money moves through
 * (see ./store-postgres.ts), in a file of their own for their length. Never
 * edited once released: a change is a new version.
 */
import type { PostgresMigration } from '../../store/postgres/access.js';

/**
 * The statements that move line `l` of a posting given as arrays: one UPDATE
 * that applies only to the account open under the line's player's name and
 * only while its balance stays within 0 and max_cents, or (a line with
 * Vault's balance) takes that balance; the account's number and its balance
 * after and before go INTO moved, and NOT FOUND says the line cannot move.
 */
export const moveLine = (accounts: string) => `line_amount := amounts[l];
          line_external := external_balances[l];
          IF line_external IS NULL THEN
            UPDATE ${accounts} a SET cents = a.cents + line_amount
              WHERE a.uuid = uuids[l] AND a.name = player_names[l] AND a.cents + line_amount >= 0 AND (line_amount <= 0 OR a.cents + line_amount <= max_cents)
              RETURNING a.no, a.cents, a.cents - line_amount AS before INTO moved;
          ELSE
            UPDATE ${accounts} a SET cents = line_external FROM ${accounts} b
              WHERE a.uuid = uuids[l] AND a.name = player_names[l] AND b.no = a.no
              RETURNING a.no, a.cents, b.cents AS before INTO moved;
          END IF;`;

export const postingFunctions: PostgresMigration = {
  version: 4,
  description: 'postings checked and applied line by line, refusals undone in the call, the balance bound kept; postings made alone together',
  // The postings of versions 1 and 2 cost PostgreSQL more in their arrays
  // and loops than the rest of a transfer's transaction. These do the same
  // in the statements alone. The accounts are locked in the order of their
  // numbers, as before. Each line is then one UPDATE that applies only to
  // the account open under the line's player's name, and only while its
  // balance stays within 0 and max_cents (a line with an external balance,
  // from Vault, takes that balance and is not bounded). A line that finds
  // no such account has the lines of its posting before it put back (their
  // rows are locked, so to exactly what they were), and the posting answers
  // why (<prefix>ledger_refusal). Otherwise the records are inserted with
  // consecutive ids, and each line answers its id, account and balance
  // after. Called on its own either is one statement, so what it posts
  // commits whole or not at all.
  //
  // ledger_post_batch takes postings as arrays, any number of them
  // (postgres-posting-batches.ts sends those made alone together: one
  // commit for them all). ledger_post_pair takes one posting of one or two
  // lines (all but a batch of job pay), each value its own parameter:
  // inside a unit of work, PostgreSQL spends 15 % less on a transfer
  // through it than through arrays (measured with npm run bench).
  sql: ({ name }) => `
      -- Why line "failed" of a posting found no account to apply to: 'funds' when its player's account is open under
      -- the line's name and the amount would take it below zero, 'bound' when the amount would raise it past max_cents,
      -- with the account's number and the balance the line saw; otherwise 'unopened' for that line and every other
      -- line whose player has no account under its name. One statement, so what it reads is one moment; but it is
      -- another than the line's UPDATE: an account opened since then (by another request) leaves the line neither
      -- short nor past the bound, and it is answered as unopened (opening it again finds it, and the posting is
      -- made again).
      CREATE FUNCTION ${name('ledger_refusal')}(failed integer, uuids text[], player_names text[], amount bigint, max_cents bigint)
      RETURNS TABLE (line integer, refused text, id bigint, account integer, balance bigint) LANGUAGE sql AS $$
        WITH seen AS (
          SELECT a.no, a.cents, CASE WHEN a.cents + amount < 0 THEN 'funds' WHEN amount > 0 AND a.cents + amount > max_cents THEN 'bound' END AS why
            FROM ${name('economy_accounts')} a WHERE a.uuid = uuids[failed] AND a.name = player_names[failed]
        )
        SELECT failed, seen.why, NULL::bigint, seen.no, seen.cents FROM seen WHERE seen.why IS NOT NULL
        UNION ALL
        SELECT i, 'unopened', NULL::bigint, NULL::integer, NULL::bigint FROM generate_series(1, cardinality(uuids)) AS i
          WHERE NOT EXISTS (SELECT FROM seen WHERE seen.why IS NOT NULL)
            AND (i = failed OR NOT EXISTS (SELECT FROM ${name('economy_accounts')} a WHERE a.uuid = uuids[i] AND a.name = player_names[i]))
      $$;

      -- A posting of one line or two (the second's values NULL for one), each value a parameter.
      CREATE FUNCTION ${name('ledger_post_pair')}(
        uuid1 text, name1 text, amount1 bigint, external1 bigint, type1 text, description1 text,
        counterparty_uuid1 text, counterparty_name1 text, item1 text, quantity1 integer, reverses1 bigint, actor1 text,
        uuid2 text, name2 text, amount2 bigint, external2 bigint, type2 text, description2 text,
        counterparty_uuid2 text, counterparty_name2 text, item2 text, quantity2 integer, reverses2 bigint, actor2 text,
        at timestamptz, max_cents bigint
      ) RETURNS TABLE (line integer, refused text, id bigint, account integer, balance bigint) LANGUAGE plpgsql AS $$
      DECLARE
        one record;
        two record;
        first_id bigint;
      BEGIN
        PERFORM FROM ${name('economy_accounts')} a WHERE a.uuid IN (uuid1, uuid2) ORDER BY a.no FOR UPDATE;
        IF external1 IS NULL THEN
          UPDATE ${name('economy_accounts')} a SET cents = a.cents + amount1
            WHERE a.uuid = uuid1 AND a.name = name1 AND a.cents + amount1 >= 0 AND (amount1 <= 0 OR a.cents + amount1 <= max_cents)
            RETURNING a.no, a.cents, a.cents - amount1 AS before INTO one;
        ELSE
          UPDATE ${name('economy_accounts')} a SET cents = external1 FROM ${name('economy_accounts')} b
            WHERE a.uuid = uuid1 AND a.name = name1 AND b.no = a.no
            RETURNING a.no, a.cents, b.cents AS before INTO one;
        END IF;
        IF NOT FOUND THEN
          RETURN QUERY SELECT * FROM ${name('ledger_refusal')}(1, array_remove(ARRAY[uuid1, uuid2], NULL), array_remove(ARRAY[name1, name2], NULL), amount1, max_cents);
          RETURN;
        END IF;
        IF uuid2 IS NULL THEN
          first_id := ${name('ledger_reserve_ids')}(1);
          INSERT INTO ${name('ledger')} (id, account, player_uuid, player_name, type, amount, balance, description, timestamp,
                                        counterparty_uuid, counterparty_name, item, quantity, reverses, actor)
          VALUES (first_id, one.no, uuid1, name1, type1, amount1, one.cents, description1, at,
                  counterparty_uuid1, counterparty_name1, item1, quantity1, reverses1, actor1);
          RETURN QUERY VALUES (1, NULL::text, first_id, one.no, one.cents);
          RETURN;
        END IF;
        IF external2 IS NULL THEN
          UPDATE ${name('economy_accounts')} a SET cents = a.cents + amount2
            WHERE a.uuid = uuid2 AND a.name = name2 AND a.cents + amount2 >= 0 AND (amount2 <= 0 OR a.cents + amount2 <= max_cents)
            RETURNING a.no, a.cents INTO two;
        ELSE
          UPDATE ${name('economy_accounts')} a SET cents = external2 WHERE a.uuid = uuid2 AND a.name = name2 RETURNING a.no, a.cents INTO two;
        END IF;
        IF NOT FOUND THEN
          RETURN QUERY SELECT * FROM ${name('ledger_refusal')}(2, ARRAY[uuid1, uuid2], ARRAY[name1, name2], amount2, max_cents);
          UPDATE ${name('economy_accounts')} a SET cents = one.before WHERE a.no = one.no;
          RETURN;
        END IF;
        first_id := ${name('ledger_reserve_ids')}(2);
        INSERT INTO ${name('ledger')} (id, account, player_uuid, player_name, type, amount, balance, description, timestamp,
                                      counterparty_uuid, counterparty_name, item, quantity, reverses, actor)
        VALUES (first_id, one.no, uuid1, name1, type1, amount1, one.cents, description1, at,
                counterparty_uuid1, counterparty_name1, item1, quantity1, reverses1, actor1),
               (first_id + 1, two.no, uuid2, name2, type2, amount2, two.cents, description2, at,
                counterparty_uuid2, counterparty_name2, item2, quantity2, reverses2, actor2);
        RETURN QUERY VALUES (1, NULL::text, first_id, one.no, one.cents), (2, NULL::text, first_id + 1, two.no, two.cents);
      END
      $$;

      -- Postings of any number of lines, several at once (those made alone at about the same moment, in one
      -- statement: one commit for them all), or one (more lines than the pair takes, in a unit of work). Each is made
      -- or refused on its own: a refused posting puts back its own lines and answers why, and the others are made.
      -- "postings" numbers each line's posting (a posting's lines side by side, in order); every account of every
      -- posting is locked first, in the order of their numbers, as the pair locks them.
      CREATE FUNCTION ${name('ledger_post_batch')}(
        postings integer[], uuids text[], player_names text[], amounts bigint[], external_balances bigint[], ats timestamptz[], types text[],
        descriptions text[], counterparty_uuids text[], counterparty_names text[], items text[], quantities integer[], reversed_ids bigint[],
        actors text[], max_cents bigint
      ) RETURNS TABLE (posting integer, line integer, refused text, id bigint, account integer, balance bigint) LANGUAGE plpgsql AS $$
      DECLARE
        total integer := cardinality(uuids);
        first_line integer := 1;
        last_line integer;
        failed integer;
        moved record;
        numbers integer[];
        balances bigint[];
        before_line bigint[];
        first_id bigint;
        line_amount bigint;
        line_external bigint;
      BEGIN
        PERFORM FROM ${name('economy_accounts')} a WHERE a.uuid = ANY(uuids) ORDER BY a.no FOR UPDATE;
        WHILE first_line <= total LOOP
          last_line := first_line;
          WHILE last_line < total AND postings[last_line + 1] = postings[first_line] LOOP
            last_line := last_line + 1;
          END LOOP;
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
            RETURN QUERY SELECT postings[first_line], r.line, r.refused, r.id, r.account, r.balance
              FROM ${name('ledger_refusal')}(failed - first_line + 1, uuids[first_line:last_line], player_names[first_line:last_line], amounts[failed], max_cents) r;
            FOR done IN REVERSE failed - 1 .. first_line LOOP
              UPDATE ${name('economy_accounts')} a SET cents = before_line[done] WHERE a.no = numbers[done];
            END LOOP;
          ELSE
            first_id := ${name('ledger_reserve_ids')}(last_line - first_line + 1);
            FOR l IN first_line .. last_line LOOP
              INSERT INTO ${name('ledger')} (id, account, player_uuid, player_name, type, amount, balance, description, timestamp,
                                            counterparty_uuid, counterparty_name, item, quantity, reverses, actor)
              VALUES (first_id + l - first_line, numbers[l], uuids[l], player_names[l], types[l], amounts[l], balances[l], descriptions[l], ats[l],
                      counterparty_uuids[l], counterparty_names[l], items[l], quantities[l], reversed_ids[l], actors[l]);
              posting := postings[first_line];
              line := l - first_line + 1;
              refused := NULL;
              id := first_id + l - first_line;
              account := numbers[l];
              balance := balances[l];
              RETURN NEXT;
            END LOOP;
          END IF;
          first_line := last_line + 1;
        END LOOP;
      END
      $$;
    `,
};
