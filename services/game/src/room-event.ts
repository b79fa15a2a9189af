import {
  applyAction,
  applyPolicy,
  type AnyGameModule,
  type GameSnapshot,
  type WindowPolicy,
} from '@veil/engine';

/**
 * What the `action` column of a room event holds: the game event without its seat (the seat
 * is its own column). A standing-policy change is an event too: it changes the game state (the
 * policies live in it), so a replay must apply it at the same version.
 */
export type RoomEventRecord =
  | { readonly type: 'act'; readonly action: unknown }
  | { readonly type: 'policy'; readonly kind: string; readonly policy: WindowPolicy | null };

/** Applies a stored or new event with the engine's pure stepping; throws `RulesError`. */
export function applyRoomEvent(
  module: AnyGameModule,
  snapshot: GameSnapshot<unknown>,
  seat: string,
  record: RoomEventRecord,
): GameSnapshot<unknown> {
  return record.type === 'act'
    ? applyAction(module, snapshot, seat, record.action)
    : applyPolicy(module, snapshot, seat, record.kind, record.policy);
}

export function isRoomEventRecord(value: unknown): value is RoomEventRecord {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  if (record['type'] === 'act') return 'action' in record;
  return (
    record['type'] === 'policy' &&
    typeof record['kind'] === 'string' &&
    (record['policy'] === null || record['policy'] === 'auto-pass' || record['policy'] === 'stop')
  );
}
