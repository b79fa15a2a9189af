import {
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';

// Migrations are frozen in time: they take an untyped Kysely and never import the current
// schema types, so a later change to `schema.ts` cannot rewrite history.
type AnyDb = Kysely<unknown>;

const createRooms: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rooms')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('game', 'text', (c) => c.notNull())
      .addColumn('rules_version', 'integer', (c) => c.notNull())
      .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('seats', 'jsonb', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('waiting')
          .check(sql`status in ('waiting', 'active', 'finished', 'abandoned')`),
      )
      .addColumn('version', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`version >= 0`),
      )
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // The lobby lists rooms by status, newest first.
    await db.schema
      .createIndex('rooms_status_created_at_idx')
      .on('rooms')
      .columns(['status', 'created_at desc'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('rooms').execute();
  },
};

const createRoomEvents: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('room_events')
      .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull().check(sql`version > 0`))
      .addColumn('seat', 'text', (c) => c.notNull())
      .addColumn('action', 'jsonb', (c) => c.notNull())
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('ack', 'jsonb', (c) => c.notNull().defaultTo(sql`'null'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // The fence: a second writer of the same version fails.
      .addPrimaryKeyConstraint('room_events_pkey', ['room_id', 'version'])
      // Idempotency: one event per (room, seat, requestId).
      .addUniqueConstraint('room_events_request_key', ['room_id', 'seat', 'request_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('room_events').execute();
  },
};

const createRoomSnapshots: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('room_snapshots')
      .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 0`))
      .addColumn('snapshot', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('room_snapshots_pkey', ['room_id', 'version'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('room_snapshots').execute();
  },
};

/**
 * The foreign keys from `room_events` and `room_snapshots` to `rooms` checked every inserted row
 * with its own lookup (a per-row trigger query): about half the time of a grouped commit of 100
 * events. Every writer already guarantees the room exists — `commitBatch` inserts events and
 * snapshots only for rooms it has just locked, `saveSnapshot` inserts only from the room row it
 * reads, `createRoom` writes the row first — so the check is redundant on the hot path. The
 * foreign keys' other half, deleting a room's events and snapshots with it, is kept by a
 * statement trigger (no room is deleted by Veil today; this only keeps the schema's promise).
 */
const dropPerRowRoomChecks: Migration = {
  async up(db: AnyDb) {
    await sql`alter table room_events drop constraint if exists room_events_room_id_fkey`.execute(
      db,
    );
    await sql`alter table room_snapshots drop constraint if exists room_snapshots_room_id_fkey`.execute(
      db,
    );
    await sql`
      create function rooms_delete_log() returns trigger language plpgsql as $$
      begin
        delete from room_events where room_id in (select id from deleted_rooms);
        delete from room_snapshots where room_id in (select id from deleted_rooms);
        return null;
      end $$`.execute(db);
    await sql`
      create trigger rooms_delete_log after delete on rooms
      referencing old table as deleted_rooms
      for each statement execute function rooms_delete_log()`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`drop trigger if exists rooms_delete_log on rooms`.execute(db);
    await sql`drop function if exists rooms_delete_log()`.execute(db);
    await sql`alter table room_events add constraint room_events_room_id_fkey
      foreign key (room_id) references rooms (id) on delete cascade`.execute(db);
    await sql`alter table room_snapshots add constraint room_snapshots_room_id_fkey
      foreign key (room_id) references rooms (id) on delete cascade`.execute(db);
  },
};

/**
 * The lobby lists the newest rooms first, whatever their status (`listRooms` without a status:
 * `order by created_at desc, id desc limit n`). The status index cannot give that order, so
 * every listing read and sorted the whole table — 40 ms at 100,000 rooms, and rooms are never
 * deleted. This index gives the order directly: a listing reads its `limit` rows.
 */
const indexRoomsByRecency: Migration = {
  async up(db: AnyDb) {
    // `if not exists`: an operator may have built it beforehand, concurrently (docs/operations.md).
    await db.schema
      .createIndex('rooms_created_at_id_idx')
      .ifNotExists()
      .on('rooms')
      .columns(['created_at desc', 'id desc'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('rooms_created_at_id_idx').execute();
  },
};

/**
 * Snapshots are written whole and read whole: nothing queries inside them. As jsonb, every write
 * parsed the text into jsonb's binary form and every read printed it back out — for a Netrunner
 * snapshot (23–82 KB) most of what writing one costs the server. As json the text is checked and
 * stored as written, and read back as it is (so in the writer's key order too). Where the server
 * has lz4 (Debian's Postgres does, PGlite does not) it compresses them instead of pglz, several
 * times faster. Converting rewrites the table, in time proportional to its size
 * (docs/operations.md).
 */
const storeSnapshotsAsJson: Migration = {
  async up(db: AnyDb) {
    await sql`alter table room_snapshots alter column snapshot type json using snapshot::json`.execute(
      db,
    );
    await sql`
      do $$ begin
        alter table room_snapshots alter column snapshot set compression lz4;
      exception when feature_not_supported then
        null; -- a server built without lz4 keeps pglz
      end $$`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`alter table room_snapshots alter column snapshot set compression default`.execute(db);
    await sql`alter table room_snapshots alter column snapshot type jsonb using snapshot::jsonb`.execute(
      db,
    );
  },
};

/**
 * How a finished game ended (its module's `outcome`: winner and a public reason), kept with the
 * room for the lobby's summaries. Set by the commit that finishes the game. A nullable column
 * without a default: adding it rewrites nothing.
 */
const addRoomOutcome: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('rooms').addColumn('outcome', 'jsonb').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('rooms').dropColumn('outcome').execute();
  },
};

/** A room's chat: the seats' table chat and the spectators' chat, kept with the room. */
const createRoomChat: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('room_chat')
      .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('line', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('room_chat_pkey', ['room_id', 'seq'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('room_chat').execute();
  },
};

/**
 * Game nodes sweep for rooms still in play whose lease expired while held (`takeOverExpiredLeases`):
 * this partial index holds only leased rooms in play, ordered by expiry, so a sweep reads the
 * expired ones and stops. A lease renewal now updates an index entry too (it is no longer a
 * heap-only update), the price of a sweep that does not read every room in play.
 */
const indexExpiredLeases: Migration = {
  async up(db: AnyDb) {
    // `if not exists`: an operator may have built it beforehand, concurrently (docs/operations.md).
    await db.schema
      .createIndex('rooms_expired_lease_idx')
      .ifNotExists()
      .on('rooms')
      .column('lease_until')
      .where(sql<boolean>`lease_owner is not null and status in ('waiting', 'active')`)
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('rooms_expired_lease_idx').execute();
  },
};

/**
 * The version a delayed room's spectators were last shown, as the node running it recorded it:
 * the lobby reads it instead of asking that node (which would load every listed room). A
 * nullable column without a default: adding it rewrites nothing.
 */
const addRoomPublicVersion: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('rooms').addColumn('public_version', 'integer').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('rooms').dropColumn('public_version').execute();
  },
};

/** Named, ordered migrations; Kysely applies them in name order and records each by name. */
export const storeMigrations: Readonly<Record<string, Migration>> = {
  '0001_create_rooms': createRooms,
  '0002_create_room_events': createRoomEvents,
  '0003_create_room_snapshots': createRoomSnapshots,
  '0004_drop_per_row_room_checks': dropPerRowRoomChecks,
  '0005_index_rooms_by_recency': indexRoomsByRecency,
  '0006_store_snapshots_as_json': storeSnapshotsAsJson,
  '0007_add_room_outcome': addRoomOutcome,
  '0008_create_room_chat': createRoomChat,
  '0009_index_expired_leases': indexExpiredLeases,
  '0010_add_room_public_version': addRoomPublicVersion,
};

export const storeMigrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...storeMigrations }),
};

// Own bookkeeping tables, so another component's Kysely migrations in the same database
// cannot be mistaken for ours.
const MIGRATION_TABLE = 'store_migration';
const MIGRATION_LOCK_TABLE = 'store_migration_lock';

export interface MigrationReport {
  /** Names of the migrations this call applied (empty when the schema was already current). */
  applied: string[];
}

/**
 * Brings the schema to the latest migration. Safe to run at every start-up and from several
 * processes at once: Kysely's Migrator tolerates losing the race to create its bookkeeping
 * tables, takes a Postgres advisory lock, re-reads what was applied while holding it, and runs
 * the pending migrations and their bookkeeping rows in one transaction.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationReport> {
  return report(await storeMigrator(db).migrateToLatest());
}

/**
 * Brings the schema to where migration `name` leaves it: up to it, or back down to it, each
 * later migration undone by its own `down`, newest first, under the same lock — the schema of an
 * earlier release (tests of upgrades use it; `applied` lists what ran, either way).
 */
export async function migrateStoreTo(db: Kysely<unknown>, name: string): Promise<MigrationReport> {
  if (!Object.hasOwn(storeMigrations, name)) throw new Error(`no store migration ${name}`);
  return report(await storeMigrator(db).migrateTo(name));
}

function storeMigrator(db: Kysely<unknown>): Migrator {
  return new Migrator({
    db,
    provider: storeMigrationProvider,
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
}

function report({ error, results = [] }: MigrationResultSet): MigrationReport {
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error');
    throw new Error(
      `store migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
      { cause: error },
    );
  }
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
