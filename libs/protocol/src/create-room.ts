import { z } from 'zod';
import { boundedRecord } from './bounded-record.js';
import {
  botLevelSchema,
  gameIdSchema,
  gameOptionsSchema,
  roomIdSchema,
  safeTokenSchema,
  seatSchema,
  seatTokenSchema,
  seedSchema,
} from './fields.js';
import {
  MAX_CARD_COPIES,
  MAX_DECK_ENTRIES,
  MAX_SEATS,
  MAX_SPECTATOR_DELAY_TURNS,
} from './limits.js';

/** `POST /api/rooms`: create a room (DESIGN §8). Strict: unknown fields are refused. */

export const humanSeatConfigSchema = z.strictObject({ type: z.literal('human') });
export const botSeatConfigSchema = z.strictObject({
  type: z.literal('bot'),
  level: botLevelSchema,
});
export const seatConfigSchema = z.discriminatedUnion('type', [
  humanSeatConfigSchema,
  botSeatConfigSchema,
]);

/** One line of a deck list: a card code and how many copies. */
export const deckEntrySchema = z.strictObject({
  code: safeTokenSchema,
  count: z.int().min(1).max(MAX_CARD_COPIES),
});

/** A deck: a named deck the game knows (e.g. a starter deck id), or an explicit list. */
export const deckListSchema = z.strictObject({
  cards: z
    .array(deckEntrySchema)
    .min(1)
    .max(MAX_DECK_ENTRIES)
    .refine((cards) => new Set(cards.map((c) => c.code)).size === cards.length, {
      message: 'each card code appears once',
    }),
});
export const deckSchema = z.union([safeTokenSchema, deckListSchema]);

export const createRoomOptionsSchema = z.strictObject({
  /** Whether spectators may connect. */
  spectators: z.boolean().default(true),
  /** Turns a spectator's view is held behind the live game. */
  spectatorDelayTurns: z.int().min(0).max(MAX_SPECTATOR_DELAY_TURNS).default(0),
  /** Per seat; the game validates the cards and picks a default for a seat left out. */
  decks: boundedRecord(seatSchema, deckSchema, { min: 0, max: MAX_SEATS }).optional(),
  /** Fixes the room's PRNG (for reproducible games); random when absent. */
  seed: seedSchema.optional(),
  /** Game-specific options, passed to the game module as they are. */
  gameOptions: gameOptionsSchema.optional(),
});

export const createRoomRequestSchema = z
  .strictObject({
    game: gameIdSchema,
    seats: boundedRecord(seatSchema, seatConfigSchema, { min: 1, max: MAX_SEATS }),
    // `prefault` runs `{}` through the schema, so an absent `options` still gets its defaults.
    options: createRoomOptionsSchema.prefault({}),
  })
  .superRefine((request, ctx) => {
    for (const seat of Object.keys(request.options.decks ?? {})) {
      if (!Object.hasOwn(request.seats, seat)) {
        ctx.addIssue({
          code: 'custom',
          message: 'deck for a seat the room does not have',
          path: ['options', 'decks', seat],
        });
      }
    }
  });

/** The answer: the room id and one token per human seat (bots get none). */
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
export type DeckEntry = z.infer<typeof deckEntrySchema>;
export type DeckList = z.infer<typeof deckListSchema>;
export type Deck = z.infer<typeof deckSchema>;
export type CreateRoomOptions = z.infer<typeof createRoomOptionsSchema>;
/** What a client may send (defaults not yet applied). */
export type CreateRoomOptionsInput = z.input<typeof createRoomOptionsSchema>;
export type CreateRoomRequest = z.infer<typeof createRoomRequestSchema>;
export type CreateRoomRequestInput = z.input<typeof createRoomRequestSchema>;
export type CreateRoomResponse = z.infer<typeof createRoomResponseSchema>;
