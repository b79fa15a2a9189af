import type { RoomCommand } from '@veil/protocol';
import type { RoomRecord } from '@veil/store';

/**
 * Rooms nobody joins (docs/operations.md, "Rooms nobody joins"). A room whose players never come
 * — its creator's gateway died, or the client vanished, before the seat tokens were handed out
 * — would otherwise stay in play for good: listed, taken over, loaded. The node running it
 * abandons it once `abandonAfterMs` have passed since its creation with no human seat seen.
 */

/** Default time after its creation within which some human seat must join or act. */
export const DEFAULT_ABANDON_UNJOINED_MS = 10 * 60_000;

/**
 * The instant (ms, the node's clock) at which the room is abandoned if no human seat came, or
 * null when it never is: a room of bots only (they play it), or with the check off (0).
 */
export function abandonDeadline(record: RoomRecord, abandonAfterMs: number): number | null {
  if (abandonAfterMs <= 0) return null;
  const humans = Object.values(record.seats).some((seat) => seat.kind === 'human');
  return humans ? record.createdAt.getTime() + abandonAfterMs : null;
}

/** The seat a command comes from, if any: a join, sync, leave or chat as a seat counts. */
export function commandSeat(command: RoomCommand): string | null {
  switch (command.type) {
    case 'act':
    case 'policy':
    case 'rematch':
      return command.seat;
    case 'join':
    case 'sync':
    case 'leave':
    case 'chat':
      return command.viewer;
    case 'publicVersion':
      return null;
  }
}
