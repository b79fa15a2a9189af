import { z } from 'zod';
import { protocolErrorSchema } from './error-codes.js';
import { roomIdSchema } from './fields.js';

/**
 * `veil.rooms.moved` (publish, game nodes → gateways): a node took the room over from a node
 * gone silent and runs it now. A gateway holding a command for the room sends it again at once:
 * the request it has out may sit with the silent node until its timeout (docs/operations.md,
 * "Takeover").
 */
export const ROOMS_MOVED_SUBJECT = 'veil.rooms.moved';
export const roomMovedSchema = z.strictObject({ roomId: roomIdSchema });
export type RoomMoved = z.infer<typeof roomMovedSchema>;

/**
 * `veil.rooms.cancel` (request, queue group `game-nodes`): the gateway gave up on creating this
 * room and told the client so; no one will ever hold its seat tokens. A node deletes the room if
 * it was stored (and stops running it), so it never becomes a room (docs/protocol.md, "Room
 * creation").
 */
export const ROOMS_CANCEL_SUBJECT = 'veil.rooms.cancel';
export const cancelCreationSchema = z.strictObject({ roomId: roomIdSchema });
export const cancelCreationReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), deleted: z.boolean() }),
  z.object({ ok: z.literal(false), error: protocolErrorSchema }),
]);
export type CancelCreation = z.infer<typeof cancelCreationSchema>;
export type CancelCreationReply = z.infer<typeof cancelCreationReplySchema>;
