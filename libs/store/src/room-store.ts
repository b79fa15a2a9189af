import type { MigrationReport } from './migrations.js';
import type { CommitItem, CommitResult } from './commit-types.js';
import type { ClaimLeaseResult, LeaseState, RenewLeaseResult } from './lease-types.js';
import type {
  ClaimSeatResult,
  StoredChatLine,
  ListRoomsQuery,
  LoadedRoom,
  LoadOptions,
  NewRoom,
  RoomRecord,
  RoomStatus,
  RoomSummary,
  RulesVersionCount,
} from './room-types.js';

/**
 * Durable rooms: the room row, its event log and its snapshots. The same contract holds over
 * node-postgres and over PGlite (see room-store.contract.ts).
 */
export interface RoomStore {
  /** Applies pending schema migrations; idempotent and safe to run concurrently. */
  migrate(): Promise<MigrationReport>;

  /**
   * Creates the room and its snapshot at version 0 in one statement (one transaction), with its
   * lease held when `room.lease` says so. Answers the room as a load would read it then (the
   * stored rows, no events). Throws `StoreError('room_exists')` for a taken id.
   */
  createRoom(room: NewRoom): Promise<LoadedRoom>;

  /** Commits one event with compare-and-set on the version: a batch of one. */
  appendEvent(item: CommitItem): Promise<CommitResult>;

  /**
   * Commits events for many rooms in one transaction. Each item keeps its own compare-and-set
   * and idempotency; a conflicting, duplicate or unknown-room item does not affect the others.
   * Items of the same room apply in order.
   */
  commitBatch(items: readonly CommitItem[]): Promise<CommitResult[]>;

  /**
   * Stores a snapshot of an already committed version. Returns false when one was already
   * stored there (snapshots of a version are identical, so the first one stays).
   */
  saveSnapshot(roomId: string, version: number, snapshot: unknown): Promise<boolean>;

  /**
   * The room row, its latest snapshot and the events after it, read consistently; with
   * `snapshotBefore`, the latest snapshot below that version instead (and every event after it).
   */
  load(roomId: string, options?: LoadOptions): Promise<LoadedRoom | null>;

  /** Takes the lease if it is free, expired, or already `owner`'s (extending it). */
  claimLease(roomId: string, owner: string, ttlMs: number): Promise<ClaimLeaseResult>;

  /** Extends the lease only while `owner` still holds it unexpired. */
  renewLease(roomId: string, owner: string, ttlMs: number): Promise<RenewLeaseResult>;

  /**
   * `renewLease` for many rooms in one statement (a node renews all of its rooms at once): one
   * result per room id given.
   */
  renewLeases(
    roomIds: readonly string[],
    owner: string,
    ttlMs: number,
  ): Promise<Map<string, RenewLeaseResult>>;

  /** Gives the lease up; false if `owner` did not hold it. */
  releaseLease(roomId: string, owner: string): Promise<boolean>;

  /**
   * `releaseLease` for many rooms in one statement (a node letting many rooms go at once): the
   * ids of those whose lease `owner` held and gave up.
   */
  releaseLeases(roomIds: readonly string[], owner: string): Promise<Set<string>>;

  /**
   * Moves leases `from` holds, expired or not, to `to` for `ttlMs` (taking over the rooms of a
   * node known to be gone): a `1/share` part of them (rounded up; all by default), skipping rows
   * another taker has locked, so the nodes that survive it split its rooms. The ids taken.
   */
  takeOverLeases(from: string, to: string, ttlMs: number, share?: number): Promise<string[]>;

  /**
   * Moves to `to` for `ttlMs` up to `limit` leases of rooms still in play (waiting or active)
   * that expired while held, oldest first (a node's sweep for rooms their node let go without
   * releasing): the ids taken.
   */
  takeOverExpiredLeases(to: string, ttlMs: number, limit: number): Promise<string[]>;

  /** The lease as the database clock sees it now. */
  leaseState(roomId: string): Promise<LeaseState | null>;

  /** Public summaries, newest first. */
  listRooms(query?: ListRoomsQuery): Promise<RoomSummary[]>;

  roomSummary(roomId: string): Promise<RoomSummary | null>;

  /** The rooms in play (waiting or active), counted by game and rules version. */
  roomsInPlayByRulesVersion(): Promise<RulesVersionCount[]>;

  /** The room's row alone (seats with their token hashes, options, status): no snapshot, no log. */
  roomRecord(roomId: string): Promise<RoomRecord | null>;

  /**
   * Gives an open human seat (token hash null) of a room still in play the hash of its new
   * token, with compare-and-set on the seat: of two concurrent claims exactly one is `claimed`.
   */
  claimSeat(roomId: string, seat: string, tokenHash: string): Promise<ClaimSeatResult>;

  /**
   * Records the version a delayed room's spectators are now shown (the lobby shows it instead of
   * the live one), while `owner` holds the room's lease and only upwards: a stale node, or a
   * write that arrives late, changes nothing. False then.
   */
  recordPublicVersion(roomId: string, version: number, owner: string): Promise<boolean>;

  /** Sets the status; false if the room does not exist. */
  updateStatus(roomId: string, status: RoomStatus): Promise<boolean>;

  /**
   * Marks a room in play that no human seat has played `abandoned` and drops its lease, while
   * `owner` holds that lease unexpired and no event of the room is a human seat's: a room whose
   * players never came (docs/operations.md, "Rooms nobody joins"). False, changing nothing,
   * otherwise. The room is then never taken over, loaded for play or listed as in play.
   */
  abandonUnplayedRoom(roomId: string, owner: string): Promise<boolean>;

  /**
   * Deletes the room with its events, snapshots and chat: a creation the gateway gave up on, whose
   * seat tokens no one holds. False if there was no such room.
   */
  deleteRoom(roomId: string): Promise<boolean>;

  /**
   * Appends a chat line to the room (the node running it is the only writer) and returns its
   * sequence number, 1 for the room's first line.
   */
  appendChat(roomId: string, channel: string, line: unknown): Promise<number>;

  /** The room's last `limit` chat lines, oldest first. */
  chatLines(roomId: string, limit: number): Promise<StoredChatLine[]>;

  /** Closes the pool or the embedded database. */
  close(): Promise<void>;
}
