import type { PGlite } from '@electric-sql/pglite';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import { Limiter } from './limiter.js';

/**
 * A Kysely dialect over one PGlite instance, built on kysely-pglite's driver with two fixes:
 *
 * - PGlite is a single Postgres session, and kysely-pglite hands every caller a "connection"
 *   onto that same session. Two concurrent Kysely transactions would interleave their
 *   statements inside one server transaction (one's COMMIT committing the other's half-done
 *   work). So the session is lent to one Kysely connection at a time, like a pool of one.
 * - kysely-pglite returns PGlite's `affectedRows` where Kysely reads `numAffectedRows`, so
 *   every update/delete would report 0 rows; the count is carried over.
 *
 * Adapter, compiler and introspector come from the kysely this package resolves (kysely-pglite
 * may resolve an older copy as its peer).
 */
export function pgliteDialect(pglite: PGlite): Dialect {
  const upstream = new KyselyPGlite(pglite).dialect;
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new ExclusiveSessionDriver(upstream.createDriver() as Driver),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class LentConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    readonly giveBack: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = (await this.inner.executeQuery<R>(query)) as QueryResult<R> & {
      affectedRows?: number;
    };
    if (result.numAffectedRows === undefined && typeof result.affectedRows === 'number') {
      return { ...result, numAffectedRows: BigInt(result.affectedRows) };
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Wraps a driver so that at most one connection is out at any time. */
class ExclusiveSessionDriver implements Driver {
  readonly #inner: Driver;
  readonly #lock = new Limiter(1);

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const giveBack = await this.#lock.acquire();
    try {
      return new LentConnection(await this.#inner.acquireConnection(), giveBack);
    } catch (error) {
      giveBack();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lent = connection as LentConnection;
    try {
      await this.#inner.releaseConnection(lent.inner);
    } finally {
      lent.giveBack();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction((connection as LentConnection).inner, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction((connection as LentConnection).inner);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction((connection as LentConnection).inner);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}
