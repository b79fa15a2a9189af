import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ClaimLeaseResult, LeaseState, RenewLeaseResult } from './lease-types.js';
import type { StoreDatabase } from './schema.js';

// Every lease time is computed by the database (`now()`), never by a node, so clock skew
// between nodes cannot make two of them believe they hold the same room at once.

/** The end of a lease of `ttlMs` from now, by the database's clock. */
export function leaseEnd(ttlMs: number): Expression<Date> {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be > 0: ${ttlMs}`);
  return sql<Date>`now() + make_interval(secs => ${ttlMs}::double precision / 1000)`;
}

const isFree = sql<boolean>`(lease_owner is null or lease_until is null or lease_until <= now())`;

export async function claimLease(
  db: Kysely<StoreDatabase>,
  roomId: string,
  owner: string,
  ttlMs: number,
): Promise<ClaimLeaseResult> {
  const claimed = await db
    .updateTable('rooms')
    .set({ lease_owner: owner, lease_until: leaseEnd(ttlMs) })
    .where('id', '=', roomId)
    .where((eb) => eb.or([isFree, eb('lease_owner', '=', owner)]))
    .returning('lease_until')
    .executeTakeFirst();
  if (claimed?.lease_until) return { status: 'claimed', leaseUntil: claimed.lease_until };
  const exists = await db
    .selectFrom('rooms')
    .select('id')
    .where('id', '=', roomId)
    .executeTakeFirst();
  return exists ? { status: 'held' } : { status: 'not_found' };
}

export async function renewLease(
  db: Kysely<StoreDatabase>,
  roomId: string,
  owner: string,
  ttlMs: number,
): Promise<RenewLeaseResult> {
  const renewed = await db
    .updateTable('rooms')
    .set({ lease_until: leaseEnd(ttlMs) })
    .where('id', '=', roomId)
    .where('lease_owner', '=', owner)
    .where(sql<SqlBool>`lease_until > now()`)
    .returning('lease_until')
    .executeTakeFirst();
  return renewed?.lease_until
    ? { status: 'renewed', leaseUntil: renewed.lease_until }
    : { status: 'lost' };
}

/**
 * `renewLease` for many rooms (a node renews all of its rooms together), in one statement when
 * nothing stands in the way.
 *
 * A renewal must never wait for a commit while holding other rooms' rows: a commit locks its
 * rooms' rows, and a renewal that waited for one of them while holding the rows before it would
 * stall every commit of those rooms too. So the first statement skips the rows locked at that
 * moment (a commit in flight) and renews the rest at once; only the rooms it skipped, or whose
 * lease is gone, are tried again, waiting this time, once the others are renewed and free.
 */
export async function renewLeases(
  db: Kysely<StoreDatabase>,
  roomIds: readonly string[],
  owner: string,
  ttlMs: number,
): Promise<Map<string, RenewLeaseResult>> {
  const until = leaseEnd(ttlMs);
  if (roomIds.length === 0) return new Map();
  const renewed = await renewHeldLeases(db, roomIds, owner, until, 'skip locked');
  const left = roomIds.filter((id) => !renewed.has(id));
  if (left.length > 0) {
    for (const [id, leaseUntil] of await renewHeldLeases(db, left, owner, until, 'wait')) {
      renewed.set(id, leaseUntil);
    }
  }
  return new Map(
    roomIds.map((id): [string, RenewLeaseResult] => {
      const leaseUntil = renewed.get(id);
      return [id, leaseUntil ? { status: 'renewed', leaseUntil } : { status: 'lost' }];
    }),
  );
}

/**
 * Extends the leases `owner` still holds among `roomIds`; answers the new end of each. The rows
 * are locked in id order first, as `commitBatch` locks them, so a renewal and a commit over the
 * same rooms can never deadlock.
 *
 * Each room is read once, by its primary key: the ids become an array first (`= any (array(…))`),
 * so no plan can join them against the table. Written as a join (`id in (select … from the
 * ids)`), the statement met the planner's statistics, stale by nature (taken while other nodes,
 * or none, held the rooms, or before the leases were last renewed), with a nested loop that read
 * the whole id list once per room of the table: renewing 1,000 of a node's 1,700 rooms took
 * 200–400 ms of the database's time, growing with the square of the rooms a node holds.
 */
async function renewHeldLeases(
  db: Kysely<StoreDatabase>,
  roomIds: readonly string[],
  owner: string,
  until: Expression<Date>,
  locked: 'skip locked' | 'wait',
): Promise<Map<string, Date>> {
  const { rows } = await sql<{ id: string; lease_until: Date }>`
    with held as (
      select id from rooms
      where id = any (array(select json_array_elements_text(${JSON.stringify(roomIds)}::json)))
        and lease_owner = ${owner} and lease_until > now()
      order by id
      for no key update ${locked === 'skip locked' ? sql`skip locked` : sql``}
    )
    update rooms set lease_until = ${until}
    where id = any (array(select id from held))
    returning id, lease_until`.execute(db);
  return new Map(rows.map((r) => [r.id, r.lease_until]));
}

export async function releaseLease(
  db: Kysely<StoreDatabase>,
  roomId: string,
  owner: string,
): Promise<boolean> {
  const released = await db
    .updateTable('rooms')
    .set({ lease_owner: null, lease_until: null })
    .where('id', '=', roomId)
    .where('lease_owner', '=', owner)
    .returning('id')
    .executeTakeFirst();
  return released !== undefined;
}

/**
 * `releaseLease` for many rooms in one statement (a node unloading rooms together, or draining
 * all of them): answers the ids whose lease `owner` held and has given up. The rows are locked in
 * id order first, as commits and renewals lock them, so none of them can deadlock with it.
 */
export async function releaseLeases(
  db: Kysely<StoreDatabase>,
  roomIds: readonly string[],
  owner: string,
): Promise<Set<string>> {
  if (roomIds.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    with held as (
      select id from rooms
      where id = any (array(select json_array_elements_text(${JSON.stringify(roomIds)}::json)))
        and lease_owner = ${owner}
      order by id
      for no key update
    )
    update rooms set lease_owner = null, lease_until = null
    where id = any (array(select id from held))
    returning id`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/**
 * Takes leases `from` holds, expired or not, for `to` (a node that saw `from` stop announcing
 * itself takes its rooms at once instead of waiting out the leases): `ceil(held / share)` of
 * them, so that when every surviving node asks for its share at once, each loads only its part.
 * Rows another taker has locked are skipped, never waited on; a taker then asks once more for
 * all that is left, so a share nobody else claimed is not stranded. Answers the ids taken. A node that
 * was only paused cannot commit afterwards: commits are fenced on the lease owner as well as on
 * the version.
 */
export async function takeOverLeases(
  db: Kysely<StoreDatabase>,
  from: string,
  to: string,
  ttlMs: number,
  share = 1,
): Promise<string[]> {
  if (!Number.isInteger(share) || share <= 0) throw new RangeError(`share must be > 0: ${share}`);
  if (from === to) return [];
  const { rows } = await sql<{ id: string }>`
    with held as (
      select id from rooms where lease_owner = ${from}
      order by id
      limit (select ceil(count(*)::numeric / ${share}) from rooms where lease_owner = ${from})
      for no key update skip locked
    )
    update rooms set lease_owner = ${to}, lease_until = ${leaseEnd(ttlMs)}
    where id = any (array(select id from held)) and lease_owner = ${from}
    returning id`.execute(db);
  return rows.map((r) => r.id).sort();
}

/**
 * Takes up to `limit` rooms still in play (waiting or active) whose lease expired while a node
 * still held it, for `to`: a node that lost a room without releasing its lease (a commit and the
 * release failed while the database was down) or died unheard by any peer. Answers the ids taken.
 * Rows locked by a commit or another node's sweep are skipped, never waited on, so sweeping
 * nodes neither deadlock nor take the same room. The oldest expiries come first, read from the
 * partial index `rooms_expired_lease_idx`.
 */
export async function takeOverExpiredLeases(
  db: Kysely<StoreDatabase>,
  to: string,
  ttlMs: number,
  limit: number,
): Promise<string[]> {
  if (!Number.isInteger(limit) || limit <= 0) throw new RangeError(`limit must be > 0: ${limit}`);
  const { rows } = await sql<{ id: string }>`
    with expired as (
      select id from rooms
      where lease_owner is not null and lease_until <= now()
        and status in ('waiting', 'active')
      order by lease_until
      limit ${limit}
      for no key update skip locked
    )
    update rooms set lease_owner = ${to}, lease_until = ${leaseEnd(ttlMs)}
    where id = any (array(select id from expired))
    returning id`.execute(db);
  return rows.map((r) => r.id).sort();
}

export async function leaseState(
  db: Kysely<StoreDatabase>,
  roomId: string,
): Promise<LeaseState | null> {
  const row = await db
    .selectFrom('rooms')
    .select(['lease_owner', 'lease_until', isFree.as('expired')])
    .where('id', '=', roomId)
    .executeTakeFirst();
  if (!row) return null;
  return { owner: row.lease_owner, leaseUntil: row.lease_until, expired: row.expired };
}
