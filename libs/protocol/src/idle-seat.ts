import { z } from 'zod';
import { seatSchema } from './fields.js';

/**
 * A player hands another seat, one the table has waited on too long, to a bot by sending the
 * room-level action `{type: 'hand_over_idle', seat}` through `act` (docs/protocol.md, "Hand an
 * idle seat to a bot"); at a two-seat table the same action claims the game from an opponent who
 * is gone. Only at an untimed table (a timed table's clock does this by itself). The game node
 * handles it before the game's rules, as a concession; no game may use `hand_over_idle` as an
 * action type.
 */
export const HAND_OVER_IDLE = 'hand_over_idle';

/** The reason a room's outcome gives when a player claimed it from an opponent who was gone. */
export const LEFT_REASON = 'left';

/** The table may hand over a seat it has waited on this long while no connection is open to it… */
export const IDLE_ABSENT_SECONDS = 300;
/** …or this long whatever the connections (a player who walked away from an open page). */
export const IDLE_SECONDS = 1_800;

const handOverIdleSchema = z.strictObject({ type: z.literal(HAND_OVER_IDLE), seat: seatSchema });

export function handOverIdleAction(seat: string): { type: typeof HAND_OVER_IDLE; seat: string } {
  return { type: HAND_OVER_IDLE, seat };
}

/**
 * What an `act`'s action asks of the room: null when it is no idle hand-over (then it is the
 * game's), the seat it names, or `malformed` for an action of that type in any other shape.
 */
export function idleHandoverOf(action: unknown): { seat: string } | 'malformed' | null {
  if (action === null || typeof action !== 'object') return null;
  if ((action as Record<string, unknown>)['type'] !== HAND_OVER_IDLE) return null;
  const parsed = handOverIdleSchema.safeParse(action);
  return parsed.success ? { seat: parsed.data.seat } : 'malformed';
}
