/**
 * The PostgreSQL store's connection (src/store/postgres/database.ts) against
 * a throwaway server: a statement run on its own that PostgreSQL picks as a
 * deadlock's victim is run again, as a unit of work would be.
 */
import { expect } from 'chai';
import { PostgresDatabase } from '../../src/store/postgres/database.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

describe('PostgreSQL store: statements run on their own', function () {
  this.timeout(60_000);
  let postgres: ThrowawayPostgres;
  let database: PostgresDatabase;
  before(async function () {
    postgres = await requirePostgres(this);
  });
  beforeEach(function () {
    database = new PostgresDatabase(postgres.settings(uniquePrefix('db'), 4));
  });
  afterEach(async function () {
    await database?.close();
  });

  it("runs again a statement chosen as a deadlock's victim, once the unit it crossed has ended", async function () {
    const rows = database.name('rows');
    await database.query(`CREATE TABLE ${rows} (id integer PRIMARY KEY, touched integer NOT NULL DEFAULT 0)`);
    await database.query(`INSERT INTO ${rows} (id) VALUES (1), (2)`);
    // One statement that locks row 2, then row 1; a unit of work that locks row 1, then row 2, a little later.
    // The statement waits first, so PostgreSQL's deadlock check (after deadlock_timeout, 1 s) fails it, not the unit.
    await database.query(`CREATE FUNCTION ${database.name('two_then_one')}() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE ${rows} SET touched = touched + 1 WHERE id = 2;
        PERFORM pg_sleep(0.1);
        UPDATE ${rows} SET touched = touched + 1 WHERE id = 1;
      END $$`);
    const before = database.statistics().unitsRetried;
    let unitLockedFirst!: () => void;
    const lockedFirst = new Promise<void>((resolve) => (unitLockedFirst = resolve));
    const unit = database.transaction(async (tx) => {
      await tx.query(`UPDATE ${rows} SET touched = touched + 1 WHERE id = 1`);
      unitLockedFirst();
      await tx.query('SELECT pg_sleep(0.4)');
      await tx.query(`UPDATE ${rows} SET touched = touched + 1 WHERE id = 2`);
    });
    await lockedFirst;
    const statement = database.query(`SELECT ${database.name('two_then_one')}()`);
    await Promise.all([unit, statement]);
    expect(database.statistics().unitsRetried - before, 'the statement ran again').to.equal(1);
    expect(await database.query(`SELECT id, touched FROM ${rows} ORDER BY id`)).to.deep.equal([
      { id: 1, touched: 2 },
      { id: 2, touched: 2 },
    ]);
  });
});
