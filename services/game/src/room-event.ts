import { BOT_LEVELS } from '@veil/protocol';
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
 * policies live in it), so a replay must apply it at the same version. A concession is the
 * room's, not the game's (`@veil/protocol`'s `concede.ts`): it leaves the game state as it is and
 * ends the room, so it is the last event of its room. So is a flag-fall (`flag`, the seat whose
 * clock ran out). At a larger table a concession or a flag-fall may instead hand the seat to a
 * bot (`handed_to_bot`, its level; `concession.ts`): the game goes on, and the room's row stores
 * the seat as the bot's in the same commit. At an untimed table another player may hand over a
 * seat the table waited on too long, or at two seats claim the game from it: then `by` names
 * that player's seat, on the `handed_to_bot` or the `concede` (`idle-seat.ts`). In a room with time controls every event also
 * carries the clock as of its commit (`clock`, see `seat-clock.ts`), and `start` — the room's
 * too, leaving the game as it is — marks the instant the clocks began to run (the last human
 * seat's player came, or the arrival deadline passed).
 */
export type RoomEventRecord =
  | { readonly type: 'act'; readonly action: unknown }
  | { readonly type: 'policy'; readonly kind: string; readonly policy: WindowPolicy | null }
  | { readonly type: 'concede'; readonly by?: string }
  | { readonly type: 'handed_to_bot'; readonly level: string; readonly by?: string }
  | { readonly type: 'flag' }
  | { readonly type: 'start' };

/** Applies a stored or new event with the engine's pure stepping; throws `RulesError`. */
export function applyRoomEvent(
  module: AnyGameModule,
  snapshot: GameSnapshot<unknown>,
  seat: string,
  record: RoomEventRecord,
): GameSnapshot<unknown> {
  switch (record.type) {
    case 'act':
      return applyAction(module, snapshot, seat, record.action);
    case 'policy':
      return applyPolicy(module, snapshot, seat, record.kind, record.policy);
    case 'concede':
    case 'handed_to_bot':
    case 'flag':
    case 'start':
      return snapshot;
  }
}

export function isRoomEventRecord(value: unknown): value is RoomEventRecord {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  if (record['type'] === 'act') return 'action' in record;
  const by = record['by'];
  if (by !== undefined && typeof by !== 'string') return false;
  if (record['type'] === 'concede' || record['type'] === 'flag' || record['type'] === 'start') {
    return true;
  }
  if (record['type'] === 'handed_to_bot') {
    return (BOT_LEVELS as readonly unknown[]).includes(record['level']);
  }
  return (
    record['type'] === 'policy' &&
    typeof record['kind'] === 'string' &&
    (record['policy'] === null || record['policy'] === 'auto-pass' || record['policy'] === 'stop')
  );
}
