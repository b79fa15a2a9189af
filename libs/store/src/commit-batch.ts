import { sql, type Kysely, type Transaction } from 'kysely';
import type { CommitItem, CommitResult } from './commit-types.js';
import {
  planCommits,
  requestKey,
  type CommittedRequest,
  type PlannedEvent,
  type PlannedRoomUpdate,
  type PlannedSnapshot,
} from './commit-plan.js';
import { toJsonText, type StoreDatabase } from './schema.js';

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
 *    and advance `rooms.version`.
 */
export async function commitBatch(
  db: Kysely<StoreDatabase>,
  items: readonly CommitItem[],
): Promise<CommitResult[]> {
  if (items.length === 0) return [];
  if (items.length > MAX_BATCH_ITEMS) {
    throw new RangeError(`a batch holds at most ${MAX_BATCH_ITEMS} items, got ${items.length}`);
  }
  items.forEach(checkItem);
  return db.transaction().execute(async (trx) => {
    const versions = await lockRooms(trx, [...new Set(items.map((i) => i.roomId))]);
    const committed = await findCommittedRequests(trx, items);
    const plan = planCommits(items, versions, committed);
    await insertEvents(trx, plan.events);
    await insertSnapshots(trx, plan.snapshots);
    await advanceRooms(trx, plan.roomUpdates);
    return plan.results;
  });
}

function checkItem(item: CommitItem): void {
  if (!Number.isSafeInteger(item.expectedVersion) || item.expectedVersion < 0) {
    throw new RangeError(`expectedVersion must be a non-negative integer: ${item.expectedVersion}`);
  }
  // Refuse unserializable values before the transaction, not halfway through it.
  toJsonText(item.action, 'action');
  if (item.snapshot !== undefined) toJsonText(item.snapshot, 'snapshot');
}

async function lockRooms(
  trx: Transaction<StoreDatabase>,
  roomIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('rooms')
    .select(['id', 'version'])
    .where('id', 'in', roomIds)
    .orderBy('id')
    // Weaker than FOR UPDATE: does not block the foreign-key checks of our own event inserts.
    .forNoKeyUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, r.version]));
}

async function findCommittedRequests(
  trx: Transaction<StoreDatabase>,
  items: readonly CommitItem[],
): Promise<Map<string, CommittedRequest>> {
  const rows = await trx
    .selectFrom('room_events')
    .select(['room_id', 'seat', 'request_id', 'version', 'ack'])
    .where((eb) =>
      eb(
        eb.refTuple('room_id', 'seat', 'request_id'),
        'in',
        items.map((i) => eb.tuple(i.roomId, i.seat, i.requestId)),
      ),
    )
    .execute();
  return new Map(
    rows.map((r) => [
      requestKey(r.room_id, r.seat, r.request_id),
      { version: r.version, ack: r.ack },
    ]),
  );
}

async function insertEvents(
  trx: Transaction<StoreDatabase>,
  events: readonly PlannedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('room_events')
    .values(
      events.map((e) => ({
        room_id: e.roomId,
        version: e.version,
        seat: e.seat,
        request_id: e.requestId,
        action: toJsonText(e.action, 'action'),
        ack: toJsonText(e.ack, 'ack'),
      })),
    )
    .execute();
}

async function insertSnapshots(
  trx: Transaction<StoreDatabase>,
  snapshots: readonly PlannedSnapshot[],
): Promise<void> {
  if (snapshots.length === 0) return;
  await trx
    .insertInto('room_snapshots')
    .values(
      snapshots.map((s) => ({
        room_id: s.roomId,
        version: s.version,
        snapshot: toJsonText(s.snapshot, 'snapshot'),
      })),
    )
    .execute();
}

/** One UPDATE for all rooms of the batch, still conditional on the version read under lock. */
async function advanceRooms(
  trx: Transaction<StoreDatabase>,
  updates: readonly PlannedRoomUpdate[],
): Promise<void> {
  if (updates.length === 0) return;
  const values = updates.map(
    (u) =>
      sql`(${u.roomId}::text, ${u.fromVersion}::integer, ${u.toVersion}::integer, ${u.status}::text)`,
  );
  const { rows } = await sql<{ id: string }>`
    update rooms as r
    set version = v.to_version, status = coalesce(v.status, r.status), updated_at = now()
    from (values ${sql.join(values)}) as v (id, from_version, to_version, status)
    where r.id = v.id and r.version = v.from_version
    returning r.id`.execute(trx);
  if (rows.length !== updates.length) {
    // Cannot happen while the rows are locked; if it does, commit nothing.
    throw new Error(`room versions moved under lock (${rows.length}/${updates.length} updated)`);
  }
}
