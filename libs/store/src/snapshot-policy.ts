/**
 * Why a snapshot is due, or null when replaying from the previous one is cheap enough.
 *
 * - `creation`, `end`, `interval`: decided when an event commits, and written in the same
 *   transaction as that event (`snapshotReason`).
 * - `quiet`: the room has gone quiet waiting on a human (no action for a while), or it is being
 *   unloaded (idle, drain); written on its own, after the fact (`quietSnapshotReason`).
 */
export type SnapshotReason = 'creation' | 'end' | 'interval' | 'quiet';

export interface SnapshotPoint {
  /** The version just committed (0 at creation). */
  version: number;
  /** Version of the latest stored snapshot, or null if none yet. */
  lastSnapshotVersion: number | null;
  /** The game is over. */
  finished: boolean;
  /**
   * Where in the interval this room's snapshots fall (`snapshotStagger(roomId, interval)`;
   * default 0): interval snapshots are due at the versions `v` with `(v + stagger) % interval
   * === 0`, so rooms that move in step (created together, played at the same pace) do not all
   * write their snapshot in the same moment.
   */
  stagger?: number;
}

/** How many events may follow a snapshot before the next one is due. */
export const DEFAULT_SNAPSHOT_INTERVAL = 20;

/**
 * How long a room waiting on a human must see no action before its current state is
 * snapshotted (the "pause that waits on humans" of docs/architecture.md, "Services").
 */
export const DEFAULT_QUIET_SNAPSHOT_MS = 2_000;

/**
 * The snapshot policy (docs/architecture.md, "Services"), part one, at commit time: at creation, at the end, and
 * otherwise every `interval` events — at the room's staggered versions, and in any case once
 * `interval` events follow the last snapshot — so that a takeover replays a bounded tail. These
 * snapshots travel in the event's own transaction.
 *
 * "When waiting on humans" is deliberately *not* decided here: nearly every state of a card game
 * with human seats waits on a human, so snapshotting each of them would write the whole state
 * with every move. A pause is recognised when it happens instead — the room goes quiet — see
 * `quietSnapshotReason`. Either way a load is the latest snapshot plus a replay of the events
 * after it, so where snapshots fall changes only how long a replay is, never its result.
 */
export function snapshotReason(
  point: SnapshotPoint,
  interval: number = DEFAULT_SNAPSHOT_INTERVAL,
): SnapshotReason | null {
  checkInterval(interval);
  const last = point.lastSnapshotVersion;
  if (last !== null && last >= point.version) return null;
  if (point.version === 0) return 'creation';
  if (point.finished) return 'end';
  if (last === null || point.version - last >= interval) return 'interval';
  if ((point.version + (point.stagger ?? 0)) % interval === 0) return 'interval';
  return null;
}

/**
 * A room's place in the snapshot interval, from its id (FNV-1a): spreads the interval snapshots
 * of rooms that advance together over the interval instead of bunching them on one version.
 */
export function snapshotStagger(
  roomId: string,
  interval: number = DEFAULT_SNAPSHOT_INTERVAL,
): number {
  checkInterval(interval);
  let hash = 0x811c9dc5;
  for (let i = 0; i < roomId.length; i++) {
    hash ^= roomId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % interval;
}

export interface QuietPoint {
  /** The room's committed version now. */
  version: number;
  /** Version of the latest stored snapshot, or null if none yet. */
  lastSnapshotVersion: number | null;
  /** The game now waits on at least one human seat. */
  waitingOnHumans: boolean;
  /**
   * The room is leaving this node's memory (idle unload, drain): the next load should not have
   * to replay what this node already computed, whoever the room waits on.
   */
  unloading: boolean;
}

/**
 * The snapshot policy, part two: when a room goes quiet — no action for a while
 * (`DEFAULT_QUIET_SNAPSHOT_MS`) while it waits on a human — or is unloaded, its current state is
 * snapshotted unless one is already stored at that version. A human's think time hides the
 * write, and a room that is reloaded after a pause then starts without a replay.
 */
export function quietSnapshotReason(point: QuietPoint): 'quiet' | null {
  const last = point.lastSnapshotVersion;
  if (last !== null && last >= point.version) return null;
  return point.waitingOnHumans || point.unloading ? 'quiet' : null;
}

function checkInterval(interval: number): void {
  if (!Number.isSafeInteger(interval) || interval < 1) {
    throw new RangeError(`snapshot interval must be a positive integer: ${interval}`);
  }
}
