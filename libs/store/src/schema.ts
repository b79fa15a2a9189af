import type { ColumnType, Generated } from 'kysely';
import type { RoomOutcome, RoomStatus, StoredSeat } from './room-types.js';

/**
 * A json or jsonb column: read back as the parsed value, written as JSON text. Both drivers parse
 * both on the way out, but they disagree on how to send a JS array in (node-postgres makes it a
 * Postgres array), so writes always go through `toJsonText`.
 */
type JsonColumn<T> = ColumnType<T, string, string>;

/** Set by the database clock: a `now()` default on insert, `sql\`now()\`` on update. */
type DbTimestamp = ColumnType<Date, never, Date>;

export interface RoomsTable {
  id: string;
  game: string;
  rules_version: number;
  options: JsonColumn<unknown>;
  seats: JsonColumn<Record<string, StoredSeat>>;
  status: ColumnType<RoomStatus, RoomStatus | undefined, RoomStatus>;
  version: Generated<number>;
  lease_owner: string | null;
  lease_until: ColumnType<Date | null, never, Date | null>;
  /** Written only by the commit that finishes the game (migration 0007). */
  outcome: ColumnType<RoomOutcome | null, never, never>;
  /** Written only by `recordPublicVersion` (migration 0010). */
  public_version: ColumnType<number | null, never, number>;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
}

export interface RoomEventsTable {
  room_id: string;
  version: number;
  seat: string;
  action: JsonColumn<unknown>;
  request_id: string;
  ack: JsonColumn<unknown>;
  created_at: DbTimestamp;
}

export interface RoomSnapshotsTable {
  room_id: string;
  version: number;
  snapshot: JsonColumn<unknown>;
  created_at: DbTimestamp;
}

/** Migration 0008: one row per chat line; `line` is the line as the node made it. */
export interface RoomChatTable {
  room_id: string;
  seq: number;
  channel: string;
  line: JsonColumn<unknown>;
  created_at: DbTimestamp;
}

export interface StoreDatabase {
  rooms: RoomsTable;
  room_events: RoomEventsTable;
  room_snapshots: RoomSnapshotsTable;
  room_chat: RoomChatTable;
}

/**
 * A value already serialized to JSON by the caller (e.g. a game snapshot the node serialized once
 * for its own use): stored as this text, not serialized again. Build it with `jsonText`.
 */
export class JsonText {
  private constructor(readonly text: string) {}

  /** Wraps `JSON.stringify(value)`; throws when the value has no JSON form. */
  static of(value: unknown, what = 'value'): JsonText {
    return new JsonText(toJsonText(value, what));
  }

  /** Trusts `text` to be one valid JSON value (Postgres checks it again on insert). */
  static fromText(text: string): JsonText {
    return new JsonText(text);
  }

  toJSON(): unknown {
    return JSON.parse(this.text) as unknown;
  }
}

/** JSON text for a json or jsonb parameter; refuses values JSON cannot represent (e.g. undefined). */
export function toJsonText(value: unknown, what: string): string {
  if (value instanceof JsonText) return value.text;
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serializable`);
  return text;
}
