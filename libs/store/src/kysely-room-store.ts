import { sql, type Kysely } from 'kysely';
import { commitBatch } from './commit-batch.js';
import type { CommitItem, CommitResult } from './commit-types.js';
import { StoreError } from './errors.js';
import type { ClaimLeaseResult, LeaseState, RenewLeaseResult } from './lease-types.js';
import * as leases from './leases.js';
import { migrateToLatest, type MigrationReport } from './migrations.js';
import type { RoomStore } from './room-store.js';
import {
  summaryColumns,
  toRoomRecord,
  toRoomSummary,
  toStoredEvent,
  toStoredSnapshot,
} from './room-rows.js';
import type {
  ClaimSeatResult,
  ListRoomsQuery,
  LoadedRoom,
  LoadOptions,
  NewRoom,
  RoomRecord,
  RoomStatus,
  RoomSummary,
  RulesVersionCount,
  StoredChatLine,
} from './room-types.js';
import { toJsonText, type StoreDatabase } from './schema.js';
import { kyselyStatementRunner, type RunStatement, type StatementRunner } from './statements.js';

export interface KyselyRoomStoreOptions {
  /**
   * Runs the store's hot fixed statements (the grouped commit); default: through Kysely,
   * unprepared. `openPostgresRoomStore` keeps them prepared on connections of its own
   * (`pgStatementRunner`). Closed with the store.
   */
  statements?: StatementRunner;
}

const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 1000;

/** The RoomStore over any Postgres-speaking Kysely dialect (node-postgres or PGlite). */
export class KyselyRoomStore implements RoomStore {
  readonly #db: Kysely<StoreDatabase>;
  readonly #run: RunStatement;
  readonly #statements: StatementRunner | undefined;

  constructor(db: Kysely<StoreDatabase>, options: KyselyRoomStoreOptions = {}) {
    this.#db = db;
    this.#statements = options.statements;
    this.#run = options.statements?.run ?? kyselyStatementRunner(db as Kysely<unknown>);
  }

  migrate(): Promise<MigrationReport> {
    return migrateToLatest(this.#db as Kysely<unknown>);
  }

  async createRoom(room: NewRoom): Promise<LoadedRoom> {
    const snapshot = toJsonText(room.snapshot, 'snapshot');
    const leaseOwner = room.lease?.owner ?? null;
    const leaseUntil = room.lease ? leases.leaseEnd(room.lease.ttlMs) : sql<Date | null>`null`;
    // The deadline is checked by the insert itself: no later step can store a room past it.
    const inTime = room.deadline
      ? sql<boolean>`clock_timestamp() < ${room.deadline.toISOString()}::timestamptz`
      : sql<boolean>`true`;
    // One statement, so one round trip: the snapshot is inserted only for a row the first
    // insert made (a taken id or a passed deadline inserts nothing and answers no row). Both
    // rows come back as stored, so the room is exactly what a load would read.
    const row = await this.#db
      .with('room', (db) =>
        db
          .insertInto('rooms')
          .columns([
            'id',
            'game',
            'rules_version',
            'options',
            'seats',
            'status',
            'lease_owner',
            'lease_until',
          ])
          .expression(
            db
              .selectNoFrom([
                sql<string>`${room.id}::text`.as('id'),
                sql<string>`${room.game}::text`.as('game'),
                sql<number>`${room.rulesVersion}::integer`.as('rules_version'),
                sql`${toJsonText(room.options, 'options')}::jsonb`.as('options'),
                sql`${toJsonText(room.seats, 'seats')}::jsonb`.as('seats'),
                sql<string>`${room.status ?? 'waiting'}::text`.as('status'),
                sql<string | null>`${leaseOwner}::text`.as('lease_owner'),
                sql<Date | null>`${leaseUntil}`.as('lease_until'),
              ])
              .where(inTime),
          )
          .onConflict((oc) => oc.column('id').doNothing())
          .returningAll(),
      )
      .with('first_snapshot', (db) =>
        db
          .insertInto('room_snapshots')
          .columns(['room_id', 'version', 'snapshot'])
          .expression((eb) =>
            eb
              .selectFrom('room')
              .select(['room.id', sql<number>`0`.as('version'), sql`${snapshot}::json`.as('s')]),
          )
          .returningAll(),
      )
      .selectFrom('room')
      .innerJoin('first_snapshot', 'first_snapshot.room_id', 'room.id')
      .selectAll('room')
      .select([
        'first_snapshot.snapshot as snapshot',
        'first_snapshot.created_at as snapshot_created_at',
      ])
      .executeTakeFirst();
    if (!row) {
      if (room.deadline && !(await this.#roomExists(room.id))) {
        throw new StoreError('deadline_passed', `room ${room.id} not created: deadline passed`);
      }
      throw new StoreError('room_exists', `room ${room.id} already exists`);
    }
    const { snapshot: stored, snapshot_created_at, ...roomRow } = row;
    return {
      room: toRoomRecord(roomRow),
      snapshot: toStoredSnapshot({
        room_id: row.id,
        version: 0,
        snapshot: stored,
        created_at: snapshot_created_at,
      }),
      events: [],
    };
  }

  async #roomExists(roomId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('rooms')
      .select('id')
      .where('id', '=', roomId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async appendEvent(item: CommitItem): Promise<CommitResult> {
    const [result] = await commitBatch(this.#db, [item], this.#run);
    if (!result) throw new Error('commitBatch returned no result for one item');
    return result;
  }

  commitBatch(items: readonly CommitItem[]): Promise<CommitResult[]> {
    return commitBatch(this.#db, items, this.#run);
  }

  async saveSnapshot(roomId: string, version: number, snapshot: unknown): Promise<boolean> {
    const text = toJsonText(snapshot, 'snapshot');
    if (!Number.isSafeInteger(version) || version < 0) {
      throw new StoreError('version_not_committed', `room ${roomId} has no version ${version}`);
    }
    // One statement in the usual case. rooms.version only moves forward, and only once its event
    // is committed, so a snapshot at or below it can never describe an uncommitted state.
    const { rows } = await sql<{ room_version: number; inserted: boolean }>`
      with room as (select version from rooms where id = ${roomId}),
      ins as (
        insert into room_snapshots (room_id, version, snapshot)
        select ${roomId}::text, ${version}::integer, ${text}::json from room
        where room.version >= ${version}::integer
        on conflict (room_id, version) do nothing
        returning 1)
      select room.version as room_version, exists (select 1 from ins) as inserted from room`.execute(
      this.#db,
    );
    const row = rows[0];
    if (!row) throw new StoreError('room_not_found', `room ${roomId} does not exist`);
    if (row.room_version < version) {
      throw new StoreError(
        'version_not_committed',
        `room ${roomId} has no committed version ${version} (current ${row.room_version})`,
      );
    }
    return row.inserted;
  }

  load(roomId: string, options: LoadOptions = {}): Promise<LoadedRoom | null> {
    const before = options.snapshotBefore;
    if (before !== undefined && (!Number.isSafeInteger(before) || before < 1)) {
      return Promise.reject(
        new RangeError(`snapshotBefore must be a positive integer: ${String(before)}`),
      );
    }
    // One snapshot of the database for all three reads, so the events continue exactly where
    // the snapshot stops even while a writer commits.
    return this.#db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const room = await trx
          .selectFrom('rooms')
          .selectAll()
          .where('id', '=', roomId)
          .executeTakeFirst();
        if (!room) return null;
        const snapshot = await trx
          .selectFrom('room_snapshots')
          .selectAll()
          .where('room_id', '=', roomId)
          .$if(before !== undefined, (q) => q.where('version', '<', before as number))
          .orderBy('version', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (!snapshot)
          throw new Error(`room ${roomId} has no snapshot (not created by the store?)`);
        const events = await trx
          .selectFrom('room_events')
          .selectAll()
          .where('room_id', '=', roomId)
          .where('version', '>', snapshot.version)
          .orderBy('version')
          .execute();
        return {
          room: toRoomRecord(room),
          snapshot: toStoredSnapshot(snapshot),
          events: events.map(toStoredEvent),
        };
      });
  }

  claimLease(roomId: string, owner: string, ttlMs: number): Promise<ClaimLeaseResult> {
    return leases.claimLease(this.#db, roomId, owner, ttlMs);
  }

  renewLease(roomId: string, owner: string, ttlMs: number): Promise<RenewLeaseResult> {
    return leases.renewLease(this.#db, roomId, owner, ttlMs);
  }

  renewLeases(
    roomIds: readonly string[],
    owner: string,
    ttlMs: number,
  ): Promise<Map<string, RenewLeaseResult>> {
    return leases.renewLeases(this.#db, roomIds, owner, ttlMs);
  }

  releaseLease(roomId: string, owner: string): Promise<boolean> {
    return leases.releaseLease(this.#db, roomId, owner);
  }

  releaseLeases(roomIds: readonly string[], owner: string): Promise<Set<string>> {
    return leases.releaseLeases(this.#db, roomIds, owner);
  }

  takeOverLeases(from: string, to: string, ttlMs: number, share = 1): Promise<string[]> {
    return leases.takeOverLeases(this.#db, from, to, ttlMs, share);
  }

  takeOverExpiredLeases(to: string, ttlMs: number, limit: number): Promise<string[]> {
    return leases.takeOverExpiredLeases(this.#db, to, ttlMs, limit);
  }

  leaseState(roomId: string): Promise<LeaseState | null> {
    return leases.leaseState(this.#db, roomId);
  }

  async listRooms(query: ListRoomsQuery = {}): Promise<RoomSummary[]> {
    const limit = listLimit(query.limit);
    const statuses =
      query.status === undefined ? undefined : ([] as RoomStatus[]).concat(query.status);
    let select = this.#db.selectFrom('rooms').select(summaryColumns);
    if (statuses !== undefined) {
      if (statuses.length === 0) return [];
      select = select.where('status', 'in', statuses);
    }
    if (query.listedOnly) {
      select = select.where(sql<boolean>`coalesce(options->>'private', 'false') <> 'true'`);
    }
    const rows = await select
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRoomSummary);
  }

  async roomSummary(roomId: string): Promise<RoomSummary | null> {
    const row = await this.#db
      .selectFrom('rooms')
      .select(summaryColumns)
      .where('id', '=', roomId)
      .executeTakeFirst();
    return row ? toRoomSummary(row) : null;
  }

  async roomsInPlayByRulesVersion(): Promise<RulesVersionCount[]> {
    const rows = await this.#db
      .selectFrom('rooms')
      .select(['game', 'rules_version', (eb) => eb.fn.countAll<string>().as('rooms')])
      .where('status', 'in', ['waiting', 'active'])
      .groupBy(['game', 'rules_version'])
      .orderBy('game')
      .orderBy('rules_version')
      .execute();
    return rows.map((r) => ({
      game: r.game,
      rulesVersion: r.rules_version,
      rooms: Number(r.rooms),
    }));
  }

  async roomRecord(roomId: string): Promise<RoomRecord | null> {
    const row = await this.#db
      .selectFrom('rooms')
      .selectAll()
      .where('id', '=', roomId)
      .executeTakeFirst();
    return row ? toRoomRecord(row) : null;
  }

  async claimSeat(roomId: string, seat: string, tokenHash: string): Promise<ClaimSeatResult> {
    // The seat's stored value is the compare: only a seat still exactly open changes, so of two
    // claims racing the second finds a token hash there and changes nothing.
    const claimed = await sql<{ id: string }>`
      update rooms
      set seats = jsonb_set(seats, array[${seat}::text],
            jsonb_build_object('kind', 'human', 'tokenHash', ${tokenHash}::text)),
          updated_at = now()
      where id = ${roomId} and status in ('waiting', 'active')
        and seats -> ${seat}::text = '{"kind":"human","tokenHash":null}'::jsonb
      returning id`.execute(this.#db);
    if (claimed.rows.length > 0) return 'claimed';
    const room = await this.#db
      .selectFrom('rooms')
      .select('status')
      .where('id', '=', roomId)
      .executeTakeFirst();
    if (!room) return 'not_found';
    return room.status === 'waiting' || room.status === 'active' ? 'taken' : 'closed';
  }

  async updateStatus(roomId: string, status: RoomStatus): Promise<boolean> {
    const row = await this.#db
      .updateTable('rooms')
      .set({ status, updated_at: sql<Date>`now()` })
      .where('id', '=', roomId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordPublicVersion(roomId: string, version: number, owner: string): Promise<boolean> {
    const row = await this.#db
      .updateTable('rooms')
      .set({ public_version: version })
      .where('id', '=', roomId)
      .where('lease_owner', '=', owner)
      .where((eb) => eb.or([eb('public_version', 'is', null), eb('public_version', '<', version)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async abandonUnplayedRoom(roomId: string, owner: string): Promise<boolean> {
    // One statement, so the lease fence and the check for a human seat's event are the same
    // step as the change: no commit of this room can slip in between.
    const abandoned = await sql<{ id: string }>`
      update rooms
      set status = 'abandoned', lease_owner = null, lease_until = null, updated_at = now()
      where id = ${roomId} and status in ('waiting', 'active')
        and lease_owner = ${owner} and lease_until > now()
        and not exists (
          select 1 from room_events e
          where e.room_id = rooms.id and rooms.seats -> e.seat ->> 'kind' = 'human')
      returning id`.execute(this.#db);
    return abandoned.rows.length > 0;
  }

  async deleteRoom(roomId: string): Promise<boolean> {
    // Events, snapshots and chat lines go with it (their foreign keys cascade).
    const row = await this.#db
      .deleteFrom('rooms')
      .where('id', '=', roomId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async appendChat(roomId: string, channel: string, line: unknown): Promise<number> {
    // One writer per room (the node holding its lease), so the next number is the last + 1.
    const row = await this.#db
      .insertInto('room_chat')
      .columns(['room_id', 'seq', 'channel', 'line'])
      .expression((eb) =>
        eb
          .selectFrom('room_chat')
          .select([
            sql<string>`${roomId}`.as('room_id'),
            sql<number>`coalesce(max(seq), 0) + 1`.as('seq'),
            sql<string>`${channel}`.as('channel'),
            sql<string>`${toJsonText(line, 'chat line')}::jsonb`.as('line'),
          ])
          .where('room_id', '=', roomId),
      )
      .returning('seq')
      .executeTakeFirstOrThrow();
    return row.seq;
  }

  async chatLines(roomId: string, limit: number): Promise<StoredChatLine[]> {
    const rows = await this.#db
      .selectFrom('room_chat')
      .select(['seq', 'channel', 'line', 'created_at'])
      .where('room_id', '=', roomId)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows
      .reverse()
      .map((r) => ({ seq: r.seq, channel: r.channel, line: r.line, createdAt: r.created_at }));
  }

  async close(): Promise<void> {
    // The kept connections first: ending the pool waits for every checked-out one.
    await this.#statements?.close();
    await this.#db.destroy();
  }
}

function listLimit(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return DEFAULT_LIST_LIMIT;
  return Math.min(Math.max(Math.trunc(requested), 1), MAX_LIST_LIMIT);
}
