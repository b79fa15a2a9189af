import { z } from 'zod';
import { timeControlSchema } from './time-control.js';
import { boundedRecord } from './bounded-record.js';
import {
  botLevelSchema,
  gameIdSchema,
  roomIdSchema,
  safeTokenSchema,
  seatSchema,
  versionSchema,
} from './fields.js';
import { MAX_ROOM_LIST, MAX_SEATS, MAX_SPECTATOR_DELAY_TURNS } from './limits.js';

/**
 * `GET /api/rooms/:id` and `GET /api/rooms`: what anyone may know about a room. Public by
 * construction: no tokens, no game state, only who sits where and whether they are here.
 */

export const ROOM_STATUSES = ['waiting', 'active', 'finished', 'abandoned'] as const;
export const roomStatusSchema = z.enum(ROOM_STATUSES);

export const humanSeatSummarySchema = z.object({
  type: z.literal('human'),
  /** Whether some client currently holds the seat. */
  connected: z.boolean(),
  /** Nobody has taken the seat yet: anyone with the room's id may join it. */
  open: z.literal(true).optional(),
});
export const botSeatSummarySchema = z.object({ type: z.literal('bot'), level: botLevelSchema });
export const seatSummarySchema = z.discriminatedUnion('type', [
  humanSeatSummarySchema,
  botSeatSummarySchema,
]);

/**
 * How a finished game ended: `winners` is one seat, several that win together (allies), or
 * empty for a draw; `reason` e.g. `agenda_points`.
 */
export const roomOutcomeSchema = z.object({
  winners: z.array(seatSchema).max(MAX_SEATS),
  reason: safeTokenSchema,
});

export const roomSummarySchema = z
  .object({
    roomId: roomIdSchema,
    game: gameIdSchema,
    status: roomStatusSchema,
    seats: boundedRecord(seatSchema, seatSummarySchema, { min: 1, max: MAX_SEATS }),
    version: versionSchema,
    /** Whether spectators may connect. */
    spectators: z.boolean(),
    spectatorDelayTurns: z.int().min(0).max(MAX_SPECTATOR_DELAY_TURNS),
    /** Spectator sockets watching the room on the gateway that answers (docs/protocol.md). */
    watching: z.int().min(0),
    createdAt: z.iso.datetime(),
    /**
     * The creator chose the room's seed while other humans sit at the table, so the creator can
     * know every hidden card: every seat and spectator is told (also on every view).
     */
    fixedDeal: z.literal(true).optional(),
    /** The room's chess clocks, when it has them (docs/protocol.md, "Time controls"). */
    timeControl: timeControlSchema.optional(),
    /** Present once the game has finished. */
    outcome: roomOutcomeSchema.optional(),
  })
  .refine(
    (room) => (room.outcome?.winners ?? []).every((seat) => Object.hasOwn(room.seats, seat)),
    { message: 'every winner must be one of the seats', path: ['outcome', 'winners'] },
  );

export const roomListSchema = z.object({
  rooms: z.array(roomSummarySchema).max(MAX_ROOM_LIST),
});

export type RoomStatus = z.infer<typeof roomStatusSchema>;
export type HumanSeatSummary = z.infer<typeof humanSeatSummarySchema>;
export type BotSeatSummary = z.infer<typeof botSeatSummarySchema>;
export type SeatSummary = z.infer<typeof seatSummarySchema>;
export type RoomOutcome = z.infer<typeof roomOutcomeSchema>;
export type RoomSummary = z.infer<typeof roomSummarySchema>;
export type RoomList = z.infer<typeof roomListSchema>;
