import { z } from 'zod';
import { protocolErrorSchema } from './error-codes.js';
import { nodeIdSchema, roomIdSchema } from './fields.js';

/**
 * `veil.rooms.place` (queue group of game nodes): a gateway found no node answering for a room
 * and asks one to load and claim it. The node that takes the lease answers with its id;
 * `room_not_found` or `unavailable` otherwise.
 */
export const placeRequestSchema = z.object({ roomId: roomIdSchema });

export const placeOkSchema = z.object({ ok: z.literal(true), nodeId: nodeIdSchema });
export const placeErrorSchema = z.object({ ok: z.literal(false), error: protocolErrorSchema });
export const placeReplySchema = z.discriminatedUnion('ok', [placeOkSchema, placeErrorSchema]);

export type PlaceRequest = z.infer<typeof placeRequestSchema>;
export type PlaceOk = z.infer<typeof placeOkSchema>;
export type PlaceError = z.infer<typeof placeErrorSchema>;
export type PlaceReply = z.infer<typeof placeReplySchema>;
