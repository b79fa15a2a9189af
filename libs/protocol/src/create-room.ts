import { z } from 'zod';
import { boundedRecord } from './bounded-record.js';
import {
  botLevelSchema,
  gameIdSchema,
  gameOptionsSchema,
  roomIdSchema,
  seatSchema,
  seatTokenSchema,
  seedSchema,
} from './fields.js';
import { MAX_SEATS, MAX_SPECTATOR_DELAY_TURNS } from './limits.js';
import { timeControlSchema } from './time-control.js';

/** `POST /api/rooms`: create a room (docs/protocol.md). Strict: unknown fields are refused. */

export const humanSeatConfigSchema = z.strictObject({
  type: z.literal('human'),
  /** Left open for anyone to take (the lobby's Join): no token is handed out for it now. */
  open: z.literal(true).optional(),
});
export const botSeatConfigSchema = z.strictObject({
  type: z.literal('bot'),
  level: botLevelSchema,
});
export const seatConfigSchema = z.discriminatedUnion('type', [
  humanSeatConfigSchema,
  botSeatConfigSchema,
]);

export const createRoomOptionsSchema = z.strictObject({
  /** Whether spectators may connect. */
  spectators: z.boolean().default(true),
  /** Turns a spectator's view is held behind the live game. */
  spectatorDelayTurns: z.int().min(0).max(MAX_SPECTATOR_DELAY_TURNS).default(0),
  /**
   * Fixes the room's deal (self-play, tests, puzzles, bot rooms); absent, the room's secret is
   * 32 bytes from the OS. With other humans at the table the room is a public "fixed deal".
   */
  seed: seedSchema.optional(),
  /** Private: the room is left out of the lobby's listing; only its links lead to it. */
  private: z.boolean().optional(),
  /** The game's own options (e.g. Netrunner's decks), checked strictly by the game node. */
  gameOptions: gameOptionsSchema.optional(),
  /** A chess clock per seat (`time-control.ts`); none when absent. */
  timeControl: timeControlSchema.optional(),
});

export const createRoomRequestSchema = z.strictObject({
  game: gameIdSchema,
  seats: boundedRecord(seatSchema, seatConfigSchema, { min: 1, max: MAX_SEATS }),
  // `prefault` runs `{}` through the schema, so an absent `options` still gets its defaults.
  options: createRoomOptionsSchema.prefault({}),
});

/** The answer: the room id and one token per human seat (bots and open seats get none). */
export const createRoomResponseSchema = z.object({
  roomId: roomIdSchema,
  seats: boundedRecord(seatSchema, z.object({ token: seatTokenSchema }), {
    min: 0,
    max: MAX_SEATS,
  }),
});

export type HumanSeatConfig = z.infer<typeof humanSeatConfigSchema>;
export type BotSeatConfig = z.infer<typeof botSeatConfigSchema>;
export type SeatConfig = z.infer<typeof seatConfigSchema>;
export type CreateRoomOptions = z.infer<typeof createRoomOptionsSchema>;
/** What a client may send (defaults not yet applied). */
export type CreateRoomOptionsInput = z.input<typeof createRoomOptionsSchema>;
export type CreateRoomRequest = z.infer<typeof createRoomRequestSchema>;
export type CreateRoomRequestInput = z.input<typeof createRoomRequestSchema>;
export type CreateRoomResponse = z.infer<typeof createRoomResponseSchema>;
