/** Why a snapshot is due, or null when replaying from the previous one is cheap enough. */
export type SnapshotReason = 'creation' | 'end' | 'waiting_on_humans' | 'interval';

export interface SnapshotPoint {
  /** The version just committed (0 at creation). */
  version: number;
  /** Version of the latest stored snapshot, or null if none yet. */
  lastSnapshotVersion: number | null;
  /** The game now waits on at least one human seat (a pause that may last long). */
  waitingOnHumans: boolean;
  /** The game is over. */
  finished: boolean;
}

/** How many events may follow a snapshot before the next one is due. */
export const DEFAULT_SNAPSHOT_INTERVAL = 20;

/**
 * The snapshot policy (DESIGN §5): at creation, at the end, whenever the game waits on humans
 * (a reload there needs no replay, and human think time hides the write), and otherwise every
 * `interval` events so that a takeover replays a bounded tail.
 */
export function snapshotReason(
  point: SnapshotPoint,
  interval: number = DEFAULT_SNAPSHOT_INTERVAL,
): SnapshotReason | null {
  if (!Number.isSafeInteger(interval) || interval < 1) {
    throw new RangeError(`snapshot interval must be a positive integer: ${interval}`);
  }
  const last = point.lastSnapshotVersion;
  if (last !== null && last >= point.version) return null;
  if (point.version === 0) return 'creation';
  if (point.finished) return 'end';
  if (point.waitingOnHumans) return 'waiting_on_humans';
  if (last === null || point.version - last >= interval) return 'interval';
  return null;
}
