import { z } from 'zod';
import { requestIdSchema, seatSchema, seatTokenSchema } from './fields.js';

/**
 * A rematch (docs/protocol.md, "Rematch"): after the game, each human seat of a two-seat room
 * offers (the first) or accepts (the last) through the socket.io event `rematch`; a bot seat
 * accepts by itself. Once every human seat is in, the node creates a new room of the same game
 * and options (the same decks) with the seats swapped — each player takes the other side, a bot
 * keeps its level — and a fresh secret seed, and tells the table with a chat line naming it.
 *
 * The token of the player's new seat is the player's own: the client draws it (32 random bytes,
 * base64url) and sends it with its offer; only its SHA-256 hash goes to the node and the store,
 * as for a room created over HTTP. So no token travels between servers, and each player's tab
 * already holds its new seat's token when the new room is announced.
 */
export const rematchRequestSchema = z.strictObject({
  token: seatTokenSchema,
  requestId: requestIdSchema,
});
export type RematchRequest = z.infer<typeof rematchRequestSchema>;

/** Room command `rematch`: the seat the gateway bound, and the hash of its new seat's token. */
export const rematchCommandSchema = z.object({
  type: z.literal('rematch'),
  seat: seatSchema,
  tokenHash: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  requestId: requestIdSchema,
});
export type RematchCommand = z.infer<typeof rematchCommandSchema>;

/** The seat a player takes in the rematch of a two-seat room: the other one. */
export function rematchSeat(seats: readonly string[], seat: string): string | null {
  if (seats.length !== 2 || !seats.includes(seat)) return null;
  return seats.find((s) => s !== seat) ?? null;
}
