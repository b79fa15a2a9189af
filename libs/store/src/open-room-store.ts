import { mkdir } from 'node:fs/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { KyselyRoomStore, type KyselyRoomStoreOptions } from './kysely-room-store.js';
import type { RoomStore } from './room-store.js';
import type { StoreDatabase } from './schema.js';
import { pgStatementRunner } from './statements.js';

export interface OpenOptions {
  /** Run migrations before returning (default true): every start-up brings the schema up. */
  migrate?: boolean;
}

export interface PostgresStoreOptions extends OpenOptions {
  connectionString: string;
  /** Pool size (node-postgres default: 10). */
  maxConnections?: number;
  /**
   * How long a pooled connection may sit idle before it is closed, in ms; 0 (the default) keeps
   * it open until `close()`. A game node is long-lived: closing idle connections, only to open
   * new ones at the next burst, ends and starts Postgres backend processes. Measured
   * (docs/benchmarks.md): the connections left idle after 500 room creations, closed together
   * at node-postgres' default of 10 s, held the node's commits up for 50-80 ms on a 2-core
   * machine.
   */
  idleTimeoutMs?: number;
}

export interface PgliteStoreOptions extends OpenOptions {
  /** Directory of the embedded database; omitted means in memory (tests). */
  dataDir?: string;
}

/** The node-postgres pool settings of `openPostgresRoomStore`. */
export function postgresPoolConfig(options: PostgresStoreOptions): pg.PoolConfig {
  return {
    connectionString: options.connectionString,
    ...(options.maxConnections === undefined ? {} : { max: options.maxConnections }),
    idleTimeoutMillis: options.idleTimeoutMs ?? 0,
  };
}

/** A store on a Postgres server through a node-postgres pool that the store owns. */
export async function openPostgresRoomStore(options: PostgresStoreOptions): Promise<RoomStore> {
  return openPostgresPoolStore(new pg.Pool(postgresPoolConfig(options)), options);
}

/**
 * A store on a node-postgres pool the caller built; the store owns it from now on (closing the
 * store ends the pool). The grouped commit runs as a named prepared statement on connections it
 * keeps (`pgStatementRunner`).
 */
export function openPostgresPoolStore(
  pool: pg.Pool,
  options: OpenOptions = {},
): Promise<RoomStore> {
  // An idle client that loses its server emits 'error' on the pool; unhandled, that would end
  // the process. The pool drops that client, and the next query reports the problem.
  pool.on('error', ignoreLostConnection);
  // A connection lost while checked out (mid-query, e.g. Postgres stopping) rejects its query
  // and then emits 'error' on its client, where the pool no longer listens: unhandled, that
  // would end the process. The query's rejection is what reports the problem.
  pool.on('connect', (client) => client.on('error', ignoreLostConnection));
  return openWith(new Kysely<StoreDatabase>({ dialect: new PostgresDialect({ pool }) }), options, {
    statements: pgStatementRunner(pool),
  });
}

function ignoreLostConnection(): void {}

/**
 * The embedded store: PGlite on local disk (or in memory). One process only: PGlite is a
 * single session and its data directory must not be opened twice.
 */
export async function openPgliteRoomStore(options: PgliteStoreOptions = {}): Promise<RoomStore> {
  // Loaded on demand: a node that talks to a Postgres server never pays for the WASM build.
  const [{ PGlite }, { pgliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite-dialect.js'),
  ]);
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  // No data directory means memory: `PGlite.create('memory://')` left an empty `memory:`
  // directory in the working directory.
  const pglite =
    options.dataDir === undefined ? await PGlite.create() : await PGlite.create(options.dataDir);
  return openWith(new Kysely<StoreDatabase>({ dialect: pgliteDialect(pglite) }), options);
}

export interface RoomStoreConfig extends OpenOptions {
  /** Postgres server URL (`DATABASE_URL`); when absent, PGlite under `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite directory (`VEIL_DATA_DIR`); when absent too, in memory. */
  dataDir?: string | undefined;
}

/** Picks the dialect the way docs/operations.md configures it: a server URL, else embedded on disk. */
export function openRoomStore(config: RoomStoreConfig): Promise<RoomStore> {
  const migrate = config.migrate ?? true;
  if (config.databaseUrl) {
    return openPostgresRoomStore({ connectionString: config.databaseUrl, migrate });
  }
  return openPgliteRoomStore(
    config.dataDir === undefined ? { migrate } : { dataDir: config.dataDir, migrate },
  );
}

async function openWith(
  db: Kysely<StoreDatabase>,
  options: OpenOptions,
  storeOptions: KyselyRoomStoreOptions = {},
): Promise<RoomStore> {
  const store = new KyselyRoomStore(db, storeOptions);
  if (options.migrate ?? true) {
    try {
      await store.migrate();
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  return store;
}
