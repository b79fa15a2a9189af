export type ClaimLeaseResult =
  { status: 'claimed'; leaseUntil: Date } | { status: 'held' } | { status: 'not_found' };

export type RenewLeaseResult = { status: 'renewed'; leaseUntil: Date } | { status: 'lost' };

/** A room's lease as the database sees it now. */
export interface LeaseState {
  owner: string | null;
  leaseUntil: Date | null;
  /** True when there is no owner or the lease ran out (by the database clock). */
  expired: boolean;
}
