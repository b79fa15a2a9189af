import type { Selectable } from 'kysely';
import type {
  PublicSeat,
  RoomRecord,
  RoomSummary,
  StoredEvent,
  StoredSeat,
  StoredSnapshot,
} from './room-types.js';
import type { RoomEventsTable, RoomSnapshotsTable, RoomsTable } from './schema.js';

/** Columns a public summary is built from: no lease, no options. */
export const summaryColumns = [
  'id',
  'game',
  'rules_version',
  'seats',
  'status',
  'version',
  'outcome',
  'public_version',
  'created_at',
  'updated_at',
] as const;

type SummaryRow = Pick<Selectable<RoomsTable>, (typeof summaryColumns)[number]>;

export function toRoomRecord(row: Selectable<RoomsTable>): RoomRecord {
  return {
    id: row.id,
    game: row.game,
    rulesVersion: row.rules_version,
    options: row.options,
    seats: row.seats,
    status: row.status,
    version: row.version,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toRoomSummary(row: SummaryRow): RoomSummary {
  return {
    id: row.id,
    game: row.game,
    rulesVersion: row.rules_version,
    seats: publicSeats(row.seats),
    status: row.status,
    version: row.version,
    outcome: row.outcome ?? null,
    publicVersion: row.public_version ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Copies only the public fields of each seat (an allow-list, so new secret fields stay out). */
export function publicSeats(seats: Record<string, StoredSeat>): Record<string, PublicSeat> {
  const out: Record<string, PublicSeat> = {};
  for (const [name, seat] of Object.entries(seats)) {
    if (seat.kind === 'bot') out[name] = { kind: 'bot', level: seat.level };
    else out[name] = seat.tokenHash === null ? { kind: 'human', open: true } : { kind: 'human' };
  }
  return out;
}

export function toStoredEvent(row: Selectable<RoomEventsTable>): StoredEvent {
  return {
    roomId: row.room_id,
    version: row.version,
    seat: row.seat,
    action: row.action,
    requestId: row.request_id,
    ack: row.ack,
    createdAt: row.created_at,
  };
}

export function toStoredSnapshot(row: Selectable<RoomSnapshotsTable>): StoredSnapshot {
  return {
    roomId: row.room_id,
    version: row.version,
    snapshot: row.snapshot,
    createdAt: row.created_at,
  };
}
