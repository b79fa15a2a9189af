import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * A hot statement whose text never varies (its values travel as parameters), so that a driver
 * can parse and plan it once per connection instead of at every call.
 */
export interface FixedStatement {
  /** Unique among the store's fixed statements; a new text needs a new name. */
  readonly name: string;
  readonly text: string;
}

/** Runs a fixed statement with positional values (`$1`…) and returns its rows. */
export type RunStatement = <R>(
  statement: FixedStatement,
  values: readonly unknown[],
) => Promise<R[]>;

/** Through Kysely, unprepared: every dialect can (PGlite has no named statements to keep). */
export function kyselyStatementRunner(db: Kysely<unknown>): RunStatement {
  return async <R>(statement: FixedStatement, values: readonly unknown[]) => {
    const result = await db.executeQuery<R>(CompiledQuery.raw(statement.text, [...values]));
    return result.rows;
  };
}

/**
 * Through a node-postgres pool as a **named prepared statement**: each connection of the pool
 * parses it on first use and then only binds and executes it, so Postgres re-uses its plan
 * (after its first few executions, a generic one) instead of planning a many-CTE statement at
 * every commit — most of the cost of a small grouped commit.
 */
export function pgStatementRunner(pool: pg.Pool): RunStatement {
  return async <R>(statement: FixedStatement, values: readonly unknown[]) => {
    const result = await pool.query({
      name: statement.name,
      text: statement.text,
      values: [...values],
    });
    return result.rows as R[];
  };
}
