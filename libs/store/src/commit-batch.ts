import { sql, type Kysely, type Transaction } from 'kysely';
import type { CommitItem, CommitResult } from './commit-types.js';
import { planCommits, requestKey, type CommitPlan, type CommittedRequest } from './commit-plan.js';
import { JsonText, toJsonText, type StoreDatabase } from './schema.js';
import { kyselyStatementRunner, type FixedStatement, type RunStatement } from './statements.js';

/** Keeps every statement of a batch well under Postgres' 65535 bind parameters. */
export const MAX_BATCH_ITEMS = 1000;

/**
 * Commits events for many rooms in one transaction, with compare-and-set per room:
 *
 * 1. lock the batch's room rows in id order (so two batches cannot deadlock) and read their
 *    versions — from here on no other writer can move these rooms;
 * 2. look up which (room, seat, requestId) are already in the log;
 * 3. decide each item (`planCommits`) — a conflict or duplicate is a result, not an error,
 *    so it never aborts the other rooms' items;
 * 4. insert the events (the (room_id, version) primary key is the fence: a writer that went
 *    around the lock would make this insert, and so the whole batch, fail), the snapshots,
 *    and advance `rooms.version` — one statement, so one round trip.
 */
export async function commitBatch(
  db: Kysely<StoreDatabase>,
  items: readonly CommitItem[],
  run: RunStatement = kyselyStatementRunner(db as Kysely<unknown>),
): Promise<CommitResult[]> {
  if (items.length === 0) return [];
  if (items.length > MAX_BATCH_ITEMS) {
    throw new RangeError(`a batch holds at most ${MAX_BATCH_ITEMS} items, got ${items.length}`);
  }
  const prepared = items.map(prepareItem);
  if (oneItemPerRoom(prepared)) return commitDistinctRooms(db, run, prepared);
  return db.transaction().execute(async (trx) => {
    const locked = await lockRooms(trx, [...new Set(prepared.map((i) => i.roomId))]);
    const versions = new Map([...locked].map(([id, row]) => [id, row.version]));
    const owners = new Map([...locked].map(([id, row]) => [id, row.owner]));
    const committed = await findCommittedRequests(trx, prepared);
    const plan = planCommits(prepared, versions, committed, owners);
    await writePlan(trx, plan);
    return plan.results;
  });
}

/** Every item is of another room (what a game node sends: one command per room at a time). */
function oneItemPerRoom(items: readonly CommitItem[]): boolean {
  const rooms = new Set<string>();
  for (const item of items) {
    if (rooms.has(item.roomId)) return false;
    rooms.add(item.roomId);
  }
  return true;
}

interface DistinctRoomRow {
  ord: number;
  /** The room's version under lock; null when the room does not exist. */
  current: number | null;
  /** The version and ack of this request when it is already in the log. */
  dup_version: number | null;
  dup_ack: unknown;
  committed: boolean;
}

/**
 * The statement of `commitDistinctRooms`; `$1` is the items as a JSON array (`jsonRows`). Its
 * text never varies, so node-postgres keeps it prepared on each connection (`pgStatementRunner`):
 * Postgres then skips parsing and planning, which cost most of a small batch's time.
 */
const COMMIT_DISTINCT_ROOMS: FixedStatement = {
  name: 'veil_commit_distinct_rooms_v5',
  text: `with input as materialized (
    select * from json_to_recordset($1::json) as x (
      ord integer, room_id text, expected integer, seat text, request_id text,
      action jsonb, ack jsonb, snapshot json, has_snapshot boolean, status text, outcome jsonb,
      seat_changes jsonb, lease_owner text)
  ),
  locked as (
    -- One index probe per room whatever the table's size: under the generic plan that a
    -- prepared statement soon runs, an IN (subquery) became a hash join over every room.
    select id, version, lease_owner from rooms
    where id = any (array(select room_id from input))
    order by id
    for no key update
  ),
  dup as (
    select i.ord, e.version, e.ack
    from input i
    cross join lateral (
      select version, ack from room_events
      where room_id = i.room_id and seat = i.seat and request_id = i.request_id
      limit 1
    ) as e
  ),
  planned as (
    select i.* from input i
    join locked l on l.id = i.room_id and l.version = i.expected
      and (i.lease_owner is null or l.lease_owner = i.lease_owner)
    where not exists (select 1 from dup d where d.ord = i.ord)
  ),
  up as (
    update rooms as r
    set version = p.expected + 1, status = coalesce(p.status, r.status),
      outcome = coalesce(p.outcome, r.outcome),
      seats = r.seats || coalesce(p.seat_changes, '{}'::jsonb), updated_at = now()
    from planned p
    where r.id = p.room_id and r.version = p.expected
    returning r.id, p.expected + 1 as version, p.seat, p.request_id, p.action, p.ack,
      p.snapshot, p.has_snapshot
  ),
  ev as (
    insert into room_events (room_id, version, seat, request_id, action, ack)
    -- json_to_recordset reads a JSON null as SQL NULL; the columns hold jsonb 'null'.
    select id, version, seat, request_id,
      coalesce(action, 'null'::jsonb), coalesce(ack, 'null'::jsonb)
    from up
  ),
  sn as (
    insert into room_snapshots (room_id, version, snapshot)
    select id, version, coalesce(snapshot, 'null'::json) from up where has_snapshot
  )
  select i.ord, l.version as current, d.version as dup_version, d.ack as dup_ack,
    (u.id is not null) as committed
  from input i
  left join locked l on l.id = i.room_id
  left join dup d on d.ord = i.ord
  left join up u on u.id = i.room_id
  order by i.ord`,
};

/**
 * The same commit as the transaction below, in **one statement** (one round trip, its own
 * implicit transaction) for the usual batch where every item is of another room:
 *
 * - `locked` locks the rooms in id order and reads their latest versions (a row changed since
 *   the statement began is re-read once its writer is done);
 * - `dup` finds requests already in the log; `planned` keeps the items that are neither
 *   duplicates nor stale (`expected` = the locked version) nor fenced (another lease owner
 *   than the item's `leaseOwner`) — decided as `planCommits` does;
 * - `up` advances those rooms, still conditional on the version, and the events and snapshots
 *   are inserted **only for the rooms `up` advanced**, so an event never lands without its
 *   version move (and the (room_id, version) primary key still fences any other writer).
 *
 * A request committed by another writer after this statement began is not seen by `dup`; that
 * writer moved the room's version, though, so the item comes out as a conflict, and every
 * conflict is looked up again afterwards (a rare second statement).
 */
async function commitDistinctRooms(
  db: Kysely<StoreDatabase>,
  run: RunStatement,
  items: readonly CommitItem[],
): Promise<CommitResult[]> {
  const input = jsonRows(
    items.map((item, ord) => [
      ['ord', ord],
      ['room_id', item.roomId],
      ['expected', item.expectedVersion],
      ['seat', item.seat],
      ['request_id', item.requestId],
      ['action', item.action],
      ['ack', item.ack ?? null],
      ['snapshot', item.snapshot ?? null],
      ['has_snapshot', item.snapshot !== undefined],
      ['status', item.roomStatus ?? null],
      ['outcome', item.roomOutcome ?? null],
      ['seat_changes', item.seatChanges ?? null],
      ['lease_owner', item.leaseOwner ?? null],
    ]),
  );
  const rows = await run<DistinctRoomRow>(COMMIT_DISTINCT_ROOMS, [input]);
  if (rows.length !== items.length) {
    throw new Error(`commit statement answered ${rows.length} rows for ${items.length} items`);
  }
  const results = rows.map((row, i): CommitResult => {
    const item = items[i] as CommitItem;
    if (row.dup_version !== null) {
      return { status: 'duplicate', version: row.dup_version, ack: row.dup_ack };
    }
    if (row.current === null) return { status: 'not_found' };
    if (row.committed) return { status: 'committed', version: item.expectedVersion + 1 };
    return { status: 'conflict', currentVersion: row.current };
  });
  // A conflict may be this very request, committed by another writer after the statement began
  // (a retry racing its original): a second look, in a new statement, tells. Nothing was written
  // for these items, so answering them as duplicates is exact.
  const conflicts = items.filter((_, i) => results[i]?.status === 'conflict');
  if (conflicts.length > 0) {
    const committed = await findCommittedRequests(db, conflicts);
    items.forEach((item, i) => {
      const earlier = committed.get(requestKey(item.roomId, item.seat, item.requestId));
      if (earlier && results[i]?.status === 'conflict') {
        results[i] = { status: 'duplicate', version: earlier.version, ack: earlier.ack };
      }
    });
  }
  return results;
}

/**
 * Checks an item and serializes its JSON values once, before the transaction: an unserializable
 * value is refused before anything is sent, not halfway through, and nothing is serialized twice.
 */
function prepareItem(item: CommitItem): CommitItem {
  if (!Number.isSafeInteger(item.expectedVersion) || item.expectedVersion < 0) {
    throw new RangeError(`expectedVersion must be a non-negative integer: ${item.expectedVersion}`);
  }
  const action = JsonText.fromText(toJsonText(item.action, 'action'));
  return item.snapshot === undefined
    ? { ...item, action }
    : { ...item, action, snapshot: JsonText.fromText(toJsonText(item.snapshot, 'snapshot')) };
}

/**
 * The batch's rows travel as one JSON array parameter, unpacked in SQL with `json_to_recordset`:
 * one parameter instead of several per item keeps every statement small to parse and plan, and
 * both drivers send a string the same way (they disagree on JS arrays). Values are JSON text
 * already (`JsonText` as is, the rest through `JSON.stringify`), so nothing is serialized twice.
 */
function jsonRows(rows: readonly (readonly [string, unknown][])[]): string {
  const out: string[] = [];
  for (const row of rows) {
    const fields: string[] = [];
    for (const [key, value] of row) fields.push(`"${key}":${toJsonText(value, key)}`);
    out.push(`{${fields.join(',')}}`);
  }
  return `[${out.join(',')}]`;
}

async function lockRooms(
  trx: Transaction<StoreDatabase>,
  roomIds: readonly string[],
): Promise<Map<string, { version: number; owner: string | null }>> {
  // Locked in id order (the sort runs below the row locks), so two batches cannot deadlock.
  // `= any (array(…))` probes the primary key per room instead of scanning every room.
  // Weaker than FOR UPDATE: does not block the foreign-key checks of our own event inserts.
  const { rows } = await sql<{ id: string; version: number; lease_owner: string | null }>`
    select id, version, lease_owner from rooms
    where id = any (array(select json_array_elements_text(${JSON.stringify(roomIds)}::json)))
    order by id
    for no key update`.execute(trx);
  return new Map(rows.map((r) => [r.id, { version: r.version, owner: r.lease_owner }]));
}

async function findCommittedRequests(
  trx: Kysely<StoreDatabase>,
  items: readonly CommitItem[],
): Promise<Map<string, CommittedRequest>> {
  const keys = jsonRows(
    items.map((i) => [
      ['room_id', i.roomId],
      ['seat', i.seat],
      ['request_id', i.requestId],
    ]),
  );
  const { rows } = await sql<{
    room_id: string;
    seat: string;
    request_id: string;
    version: number;
    ack: unknown;
  }>`
    select k.room_id, k.seat, k.request_id, e.version, e.ack
    from json_to_recordset(${keys}::json) as k (room_id text, seat text, request_id text)
    -- One index probe per key (room_events_request_key), whatever the planner thinks of the
    -- table's size: a LATERAL subquery with LIMIT is never turned into a hash join over it.
    cross join lateral (
      select version, ack from room_events
      where room_id = k.room_id and seat = k.seat and request_id = k.request_id
      limit 1
    ) as e`.execute(trx);
  return new Map(
    rows.map((r) => [
      requestKey(r.room_id, r.seat, r.request_id),
      { version: r.version, ack: r.ack },
    ]),
  );
}

/**
 * Writes the plan in one statement: the events, the snapshots and the rooms' new versions (still
 * conditional on the version read under lock). Data-modifying CTEs all run, whether referenced or
 * not, and any failure (the (room_id, version) primary key of a writer that went around the lock,
 * say) fails the statement and so the whole batch.
 */
async function writePlan(trx: Transaction<StoreDatabase>, plan: CommitPlan): Promise<void> {
  const { events, snapshots, roomUpdates } = plan;
  if (events.length === 0) return;
  const eventRows = jsonRows(
    events.map((e) => [
      ['room_id', e.roomId],
      ['version', e.version],
      ['seat', e.seat],
      ['request_id', e.requestId],
      ['action', e.action],
      ['ack', e.ack],
    ]),
  );
  const snapshotRows = jsonRows(
    snapshots.map((sn) => [
      ['room_id', sn.roomId],
      ['version', sn.version],
      ['snapshot', sn.snapshot],
    ]),
  );
  const updateRows = jsonRows(
    roomUpdates.map((u) => [
      ['id', u.roomId],
      ['from_version', u.fromVersion],
      ['to_version', u.toVersion],
      ['status', u.status],
      ['outcome', u.outcome],
      ['seat_changes', u.seatChanges],
    ]),
  );
  const { rows } = await sql<{ updated: number }>`
    with ev as (
      insert into room_events (room_id, version, seat, request_id, action, ack)
      -- json_to_recordset reads a JSON null as SQL NULL; the columns hold jsonb 'null'.
      select room_id, version, seat, request_id,
        coalesce(action, 'null'::jsonb), coalesce(ack, 'null'::jsonb)
      from json_to_recordset(${eventRows}::json)
        as x (room_id text, version integer, seat text, request_id text, action jsonb, ack jsonb)
    ),
    sn as (
      insert into room_snapshots (room_id, version, snapshot)
      select room_id, version, coalesce(snapshot, 'null'::json)
      from json_to_recordset(${snapshotRows}::json)
        as x (room_id text, version integer, snapshot json)
    ),
    up as (
      update rooms as r
      set version = v.to_version, status = coalesce(v.status, r.status),
        outcome = coalesce(v.outcome, r.outcome),
        seats = r.seats || coalesce(v.seat_changes, '{}'::jsonb), updated_at = now()
      from json_to_recordset(${updateRows}::json)
        as v (id text, from_version integer, to_version integer, status text, outcome jsonb,
          seat_changes jsonb)
      where r.id = v.id and r.version = v.from_version
      returning r.id
    )
    select count(*)::integer as updated from up`.execute(trx);
  const updated = rows[0]?.updated ?? 0;
  if (updated !== roomUpdates.length) {
    // Cannot happen while the rows are locked; if it does, commit nothing.
    throw new Error(`room versions moved under lock (${updated}/${roomUpdates.length} updated)`);
  }
}
