import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDialect } from './pglite-dialect.js';

interface Db {
  items: { id: number; owner: string };
}

describe('pgliteDialect', () => {
  let db: Kysely<Db>;
  beforeAll(async () => {
    db = new Kysely<Db>({ dialect: pgliteDialect(await PGlite.create()) });
    await sql`create table items (id integer primary key, owner text not null)`.execute(db);
  }, 180_000);
  afterAll(async () => {
    await db?.destroy();
  });

  it('reports how many rows an update touched', async () => {
    await db
      .insertInto('items')
      .values([
        { id: 1, owner: 'x' },
        { id: 2, owner: 'x' },
      ])
      .execute();
    const result = await db.updateTable('items').set({ owner: 'y' }).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
    await db.deleteFrom('items').execute();
  });

  it('never lets two transactions share the single session', async () => {
    let firstInserted!: () => void;
    const firstHasWritten = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    // The first transaction writes, lets the second start, then rolls back. Sharing the
    // session, the second's insert would land inside the first's transaction and vanish
    // with its rollback (or its COMMIT would commit the first's half-done work).
    const first = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 10, owner: 'first' }).execute();
      firstInserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('roll back the first');
    });
    await firstHasWritten;
    const second = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 20, owner: 'second' }).execute();
    });
    await expect(first).rejects.toThrow('roll back the first');
    await second;
    const rows = await db.selectFrom('items').select(['id', 'owner']).execute();
    expect(rows).toEqual([{ id: 20, owner: 'second' }]);
  });
});
