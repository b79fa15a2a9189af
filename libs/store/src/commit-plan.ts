import type { CommitItem, CommitResult } from './commit-types.js';
import type { RoomOutcome, RoomStatus, StoredSeat } from './room-types.js';
import { toJsonText } from './schema.js';

/** An event already in the log, found by its (room, seat, requestId). */
export interface CommittedRequest {
  version: number;
  ack: unknown;
}

export interface PlannedEvent {
  roomId: string;
  version: number;
  seat: string;
  requestId: string;
  action: unknown;
  ack: unknown;
}

export interface PlannedSnapshot {
  roomId: string;
  version: number;
  snapshot: unknown;
}

export interface PlannedRoomUpdate {
  roomId: string;
  fromVersion: number;
  toVersion: number;
  status: RoomStatus | null;
  outcome: RoomOutcome | null;
  /** The batch's seat changes for the room, later items' over earlier ones'. */
  seatChanges: Record<string, StoredSeat> | null;
}

export interface CommitPlan {
  /** One result per item, in item order. */
  results: CommitResult[];
  events: PlannedEvent[];
  snapshots: PlannedSnapshot[];
  roomUpdates: PlannedRoomUpdate[];
}

/** Identity of a request for idempotency; JSON so that no separator can collide. */
export function requestKey(roomId: string, seat: string, requestId: string): string {
  return JSON.stringify([roomId, seat, requestId]);
}

/**
 * Decides every item of a batch, in order, against the rooms' current versions (read under
 * the room locks) and the requests already in the log. Pure: the caller writes the plan.
 *
 * Items are applied as if one after another, so a batch may carry several consecutive events
 * of one room, and one item's outcome never depends on an unrelated room's.
 */
export function planCommits(
  items: readonly CommitItem[],
  currentVersions: ReadonlyMap<string, number>,
  committedRequests: ReadonlyMap<string, CommittedRequest>,
  leaseOwners: ReadonlyMap<string, string | null> = new Map(),
): CommitPlan {
  const versions = new Map(currentVersions);
  const thisBatch = new Map<string, CommittedRequest>();
  const updates = new Map<string, PlannedRoomUpdate>();
  const plan: CommitPlan = { results: [], events: [], snapshots: [], roomUpdates: [] };

  for (const item of items) {
    const key = requestKey(item.roomId, item.seat, item.requestId);
    const earlier = committedRequests.get(key) ?? thisBatch.get(key);
    const current = versions.get(item.roomId);
    if (earlier !== undefined) {
      // Checked before the version: a retry usually carries the version it was sent with,
      // which is stale by now, and must still get its original answer.
      plan.results.push({ status: 'duplicate', version: earlier.version, ack: earlier.ack });
    } else if (current === undefined) {
      plan.results.push({ status: 'not_found' });
    } else if (
      current !== item.expectedVersion ||
      (item.leaseOwner !== undefined && leaseOwners.get(item.roomId) !== item.leaseOwner)
    ) {
      plan.results.push({ status: 'conflict', currentVersion: current });
    } else {
      const version = current + 1;
      const ack = normalizeJson(item.ack ?? null);
      versions.set(item.roomId, version);
      thisBatch.set(key, { version, ack });
      plan.events.push({
        roomId: item.roomId,
        version,
        seat: item.seat,
        requestId: item.requestId,
        action: item.action,
        ack,
      });
      if (item.snapshot !== undefined) {
        plan.snapshots.push({ roomId: item.roomId, version, snapshot: item.snapshot });
      }
      const update = updates.get(item.roomId);
      updates.set(item.roomId, {
        roomId: item.roomId,
        fromVersion: update?.fromVersion ?? current,
        toVersion: version,
        status: item.roomStatus ?? update?.status ?? null,
        outcome: item.roomOutcome ?? update?.outcome ?? null,
        seatChanges: item.seatChanges
          ? { ...update?.seatChanges, ...item.seatChanges }
          : (update?.seatChanges ?? null),
      });
      plan.results.push({ status: 'committed', version });
    }
  }
  plan.roomUpdates = [...updates.values()];
  return plan;
}

// A duplicate answered from this same batch must look exactly like one read back from jsonb.
function normalizeJson(value: unknown): unknown {
  return JSON.parse(toJsonText(value, 'ack')) as unknown;
}
