import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ClaimLeaseResult, LeaseState, RenewLeaseResult } from './lease-types.js';
import type { StoreDatabase } from './schema.js';

// Every lease time is computed by the database (`now()`), never by a node, so clock skew
// between nodes cannot make two of them believe they hold the same room at once.

function leaseEnd(ttlMs: number): Expression<Date> {
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
