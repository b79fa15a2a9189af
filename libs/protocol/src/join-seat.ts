import { z } from 'zod';
import { roomIdSchema, seatSchema, seatTokenSchema } from './fields.js';

/**
 * `POST /api/rooms/:id/seats/:seat` (docs/protocol.md, "Joining an open seat"): a player takes a
 * human seat the creator left open. As for a rematch, the client draws the seat's token itself
 * (32 random bytes, base64url) and keeps it; the gateway stores only its SHA-256 hash, and the
 * first claim wins (`seat_taken` for the others).
 */
export const joinSeatRequestSchema = z.strictObject({ token: seatTokenSchema });
export type JoinSeatRequest = z.infer<typeof joinSeatRequestSchema>;

/** The answer: the seat is the caller's now (connect to it with the token it sent). */
export const joinSeatResponseSchema = z.object({ roomId: roomIdSchema, seat: seatSchema });
export type JoinSeatResponse = z.infer<typeof joinSeatResponseSchema>;
