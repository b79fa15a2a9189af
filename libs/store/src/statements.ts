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

/** Runs fixed statements on connections it may keep; `close` gives them back. */
export interface StatementRunner {
  readonly run: RunStatement;
  close(): Promise<void>;
}

/**
 * Connections kept between statements: the grouped commit has two in flight at most (the game
 * node's batcher), and the rest of the pool must stay free for everything else the store does
 * — a kept connection is one that nobody else can have.
 */
function keptConnections(pool: pg.Pool): number {
  const max = pool.options.max ?? 10;
  return Math.max(0, Math.min(2, Math.floor((max - 1) / 2)));
}

/**
 * Through node-postgres as a **named prepared statement**, on connections taken from the pool and
 * **kept** between statements:
 *
 * - each connection parses the statement on first use and then only binds and executes it, so
 *   Postgres re-uses its plan (after its first few executions, a generic one) instead of
 *   planning a many-CTE statement at every commit — most of the cost of a small grouped commit;
 * - a kept connection is at hand, so the statement is written to the socket at once: a pool
 *   hands its idle connections out on a later tick (`process.nextTick`), which under load comes
 *   only after everything else the node had queued — the acks and views of the batch that just
 *   landed — and the next commit's round trip would wait for all of it.
 *
 * A connection whose statement failed goes back to the pool to be discarded (it may be broken);
 * so does one that fails while kept.
 */
export function pgStatementRunner(pool: pg.Pool): StatementRunner {
  const limit = keptConnections(pool);
  const kept: pg.PoolClient[] = [];
  let closed = false;
  // A kept connection is checked out: the pool no longer listens for its errors, so we do.
  const onKeptError = function (this: pg.PoolClient, error: Error): void {
    const at = kept.indexOf(this);
    if (at >= 0) kept.splice(at, 1);
    this.off('error', onKeptError);
    this.release(error);
  };
  const keep = (client: pg.PoolClient): void => {
    if (closed || kept.length >= limit) return client.release();
    client.on('error', onKeptError);
    kept.push(client);
  };
  const take = (): pg.PoolClient | Promise<pg.PoolClient> => {
    const client = kept.pop();
    if (!client) return pool.connect();
    client.off('error', onKeptError);
    return client;
  };
  const run: RunStatement = async <R>(statement: FixedStatement, values: readonly unknown[]) => {
    const taken = take();
    const client = taken instanceof Promise ? await taken : taken;
    let result: pg.QueryResult;
    try {
      result = await client.query({
        name: statement.name,
        text: statement.text,
        values: [...values],
      });
    } catch (error) {
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    keep(client);
    return result.rows as R[];
  };
  return {
    run,
    close: async () => {
      closed = true;
      for (const client of kept.splice(0)) {
        client.off('error', onKeptError);
        client.release();
      }
    },
  };
}
