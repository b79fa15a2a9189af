import { z } from 'zod';
import { boundedRecord } from './bounded-record.js';
import { createRoomOptionsSchema } from './create-room.js';
import { protocolErrorSchema } from './error-codes.js';
import {
  botLevelSchema,
  gameIdSchema,
  nodeIdSchema,
  roomIdSchema,
  seatSchema,
  versionSchema,
} from './fields.js';
import { MAX_SEAT_TOKEN_LENGTH, MAX_SEATS } from './limits.js';
export { ROOMS_CREATE_SUBJECT } from './subjects.js';

/** A token hash as the gateway computes it (hex, base64 or base64url of a digest). */
export const tokenHashSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_.~+/=:$-]{16,${MAX_SEAT_TOKEN_LENGTH}}$`), {
    message: 'not a token hash',
  });

/** A human seat: `tokenHash` null is an open seat, which anyone may claim (`POST /api/rooms/:id/seats/:seat`). */
export const humanRoomSeatSchema = z.strictObject({
  kind: z.literal('human'),
  tokenHash: tokenHashSchema.nullable(),
});
export const botRoomSeatSchema = z.strictObject({
  kind: z.literal('bot'),
  level: botLevelSchema,
});
/** A seat as the room stores it: a human by its token hash, or a bot by its level. */
export const roomSeatSchema = z.discriminatedUnion('kind', [
  humanRoomSeatSchema,
  botRoomSeatSchema,
]);

export const createRoomCommandSchema = z.strictObject({
  /** Chosen by the caller, so a retried creation names the same room; a fresh id if absent. */
  roomId: roomIdSchema.optional(),
  game: gameIdSchema,
  seats: boundedRecord(seatSchema, roomSeatSchema, { min: 1, max: MAX_SEATS }),
  options: createRoomOptionsSchema.prefault({}),
  /**
   * When the caller gives up (ms since the epoch): the room is stored only if the database's
   * clock is before it when the insert runs, so a creation that arrives or finishes late leaves
   * nothing (docs/protocol.md, "Room creation"). None: no limit.
   */
  deadline: z.number().int().positive().optional(),
});

export const createRoomCommandOkSchema = z.object({
  ok: z.literal(true),
  roomId: roomIdSchema,
  version: versionSchema,
  /** The node that created the room and now runs it. */
  nodeId: nodeIdSchema,
});
export const createRoomCommandErrorSchema = z.object({
  ok: z.literal(false),
  error: protocolErrorSchema,
});
export const createRoomCommandReplySchema = z.discriminatedUnion('ok', [
  createRoomCommandOkSchema,
  createRoomCommandErrorSchema,
]);

export type RoomSeat = z.infer<typeof roomSeatSchema>;
export type CreateRoomCommand = z.infer<typeof createRoomCommandSchema>;
export type CreateRoomCommandInput = z.input<typeof createRoomCommandSchema>;
export type CreateRoomCommandOk = z.infer<typeof createRoomCommandOkSchema>;
export type CreateRoomCommandError = z.infer<typeof createRoomCommandErrorSchema>;
export type CreateRoomCommandReply = z.infer<typeof createRoomCommandReplySchema>;
