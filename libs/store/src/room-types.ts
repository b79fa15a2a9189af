/** Where a room is in its life. `finished` and `abandoned` are terminal by convention. */
export const ROOM_STATUSES = ['waiting', 'active', 'finished', 'abandoned'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/**
 * A seat as stored. A human seat keeps only the hash of its token (the token itself is handed
 * out once, at creation); `null` means the seat has no token yet.
 */
export type StoredSeat =
  { kind: 'human'; tokenHash: string | null } | { kind: 'bot'; level: string };

/** What anyone may learn about a seat: never its token hash, only whether it is still open. */
export type PublicSeat = { kind: 'human'; open?: true } | { kind: 'bot'; level: string };

/**
 * `claimSeat`'s answer: `claimed`; `taken` (the seat is not an open human seat: someone claimed
 * it first, it has a token, it is a bot's or there is no such seat); `closed` (the game is over);
 * `not_found` (no such room).
 */
export type ClaimSeatResult = 'claimed' | 'taken' | 'closed' | 'not_found';

/** The full room row, for the node that runs the room and the gateway that checks tokens. */
export interface RoomRecord {
  id: string;
  game: string;
  rulesVersion: number;
  /** Room options chosen at creation; any JSON value. */
  options: unknown;
  seats: Record<string, StoredSeat>;
  status: RoomStatus;
  /** Version of the last committed event (0 before the first one). */
  version: number;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** How a finished game ended, as its module's `outcome` says: public by that contract. */
export interface RoomOutcome {
  /** Who won: one seat, several that win together (allies), or none (a draw). */
  winners: string[];
  /** A short public reason, e.g. `agenda_points`. */
  reason: string;
}

/**
 * The public face of a room (lobby listings, `GET /api/rooms/:id`). Leaves out token hashes,
 * lease details and the options, which may carry material a player must not see (a seed).
 */
export interface RoomSummary {
  id: string;
  game: string;
  rulesVersion: number;
  seats: Record<string, PublicSeat>;
  status: RoomStatus;
  version: number;
  /** Set by the commit that finished the game; `null` before, and for an abandoned room. */
  outcome: RoomOutcome | null;
  /**
   * The version the room's spectators were last shown, as its node recorded it
   * (`recordPublicVersion`): only rooms with a spectator delay have one; `null` before the first.
   */
  publicVersion: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** How many rooms in play (waiting or active) a game has at one rules version. */
export interface RulesVersionCount {
  game: string;
  rulesVersion: number;
  rooms: number;
}

export interface NewRoom {
  id: string;
  game: string;
  rulesVersion: number;
  options: unknown;
  seats: Record<string, StoredSeat>;
  /** Defaults to `waiting`. */
  status?: RoomStatus;
  /** The persisted game snapshot at version 0. */
  snapshot: unknown;
  /**
   * Created with its lease already held by `owner` for `ttlMs` (the node that creates a room
   * runs it): the same lease `claimLease` would take, without a second write.
   */
  lease?: { owner: string; ttlMs: number };
  /**
   * Stored only if the database's clock is before it when the insert runs (one statement, so
   * the check and the commit are one step): a creation its requester has given up on is never
   * stored, however late it reaches the database (docs/protocol.md, "Room creation").
   */
  deadline?: Date;
}

export interface StoredEvent {
  roomId: string;
  version: number;
  seat: string;
  action: unknown;
  requestId: string;
  /** What the node acknowledged; returned as is when the same request is repeated. */
  ack: unknown;
  createdAt: Date;
}

/** A chat line as stored: its sequence in the room, channel, the line itself and when. */
export interface StoredChatLine {
  seq: number;
  channel: string;
  line: unknown;
  createdAt: Date;
}

export interface StoredSnapshot {
  roomId: string;
  version: number;
  snapshot: unknown;
  createdAt: Date;
}

/** Everything needed to resume a room: its row, the latest snapshot, the events after it. */
export interface LoadedRoom {
  room: RoomRecord;
  snapshot: StoredSnapshot;
  /** Events with version > snapshot.version, in version order. */
  events: StoredEvent[];
}

export interface LoadOptions {
  /**
   * Start from the latest snapshot whose version is below this one (a positive integer), to
   * rebuild states older than the latest snapshot. The creation snapshot (version 0) is always
   * there.
   */
  snapshotBefore?: number;
}

export interface ListRoomsQuery {
  status?: RoomStatus | readonly RoomStatus[];
  /** Leave out rooms created private (`options.private`), as the lobby's listing does. */
  listedOnly?: boolean;
  /** At most this many rooms, newest first; default 50, capped at 1000. */
  limit?: number;
}
