import { z } from 'zod';
import { roomIdSchema, seatTokenSchema } from './fields.js';

/**
 * socket.io handshake `auth`: a seat's token, or a spectator's request. Strict, so a handshake
 * that mixes both (token and spectator) is refused rather than guessed at.
 */
export const seatAuthSchema = z.strictObject({ roomId: roomIdSchema, token: seatTokenSchema });
export const spectatorAuthSchema = z.strictObject({
  roomId: roomIdSchema,
  spectator: z.literal(true),
});
export const handshakeAuthSchema = z.union([seatAuthSchema, spectatorAuthSchema]);

export type SeatAuth = z.infer<typeof seatAuthSchema>;
export type SpectatorAuth = z.infer<typeof spectatorAuthSchema>;
export type HandshakeAuth = z.infer<typeof handshakeAuthSchema>;
