import type { RoomOutcome, RoomStatus, StoredSeat } from './room-types.js';

/** One event to commit with compare-and-set on the room's version. */
export interface CommitItem {
  roomId: string;
  /** The version the action was computed against; the event is stored as version + 1. */
  expectedVersion: number;
  seat: string;
  /** Client-chosen id; a repeated (room, seat, requestId) is answered from the first commit. */
  requestId: string;
  action: unknown;
  /** The acknowledgement to give again if this request is repeated (defaults to null). */
  ack?: unknown;
  /**
   * The persisted snapshot after this event, stored at version + 1 in the same transaction
   * (any JSON value, or a `JsonText` the caller already serialized).
   */
  snapshot?: unknown;
  /** A room status to set in the same transaction (e.g. `finished` with the final event). */
  roomStatus?: RoomStatus;
  /** How the game ended, kept with the room (given with `roomStatus: 'finished'`). */
  roomOutcome?: RoomOutcome;
  /**
   * Seats whose stored value this event replaces, in the same transaction: a seat whose player
   * left the table and whose play a bot takes over (docs/protocol.md, "Concede").
   */
  seatChanges?: Readonly<Record<string, StoredSeat>>;
  /**
   * Commit only while this owner holds the room's lease (expired or not): a node paused while
   * its rooms were taken over then cannot commit when it resumes, even at the right version.
   * Refused as a `conflict`.
   */
  leaseOwner?: string;
}

export type CommitResult =
  | { status: 'committed'; version: number }
  /** The room is at another version, or another node holds its lease (`leaseOwner`). */
  | { status: 'conflict'; currentVersion: number }
  /** The request was already committed: its version and ack, nothing applied now. */
  | { status: 'duplicate'; version: number; ack: unknown }
  | { status: 'not_found' };
