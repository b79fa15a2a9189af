import { z } from 'zod';
import { boundedRecord } from './bounded-record.js';
import { seatSchema } from './fields.js';
import { MAX_SEATS } from './limits.js';

/**
 * Time controls (docs/protocol.md, "Time controls"): a chess clock per seat, kept by the game
 * node. A seat's clock runs while the game waits on it; each accepted decision adds the
 * increment; a clock that reaches zero is a loss for its seat (reason `time`), or with
 * `onFlag: 'pass'` the seat's pending decision is passed where the game offers a pass.
 */
export const MIN_CLOCK_BASE_SECONDS = 60;
export const MAX_CLOCK_BASE_SECONDS = 3 * 60 * 60;
export const MAX_CLOCK_INCREMENT_SECONDS = 120;

/** The reason a room's outcome gives when a seat's clock ran out. */
export const TIME_REASON = 'time';

export const timeControlSchema = z.strictObject({
  baseSeconds: z.int().min(MIN_CLOCK_BASE_SECONDS).max(MAX_CLOCK_BASE_SECONDS),
  incrementSeconds: z.int().min(0).max(MAX_CLOCK_INCREMENT_SECONDS).default(0),
  onFlag: z.enum(['loss', 'pass']).default('loss'),
});

export type TimeControl = z.infer<typeof timeControlSchema>;

/**
 * The clocks beside a view: each seat's remaining milliseconds when the payload was made, and
 * the seats whose clock runs (the game's deciders). Public: who decides is in every view.
 */
export const seatClocksSchema = z.object({
  remainingMs: boundedRecord(seatSchema, z.int().min(0), { min: 1, max: MAX_SEATS }),
  running: z.array(seatSchema).max(MAX_SEATS),
  /** Human seats whose player has not come yet: no clock runs until every one has. */
  awaiting: z.array(seatSchema).min(1).max(MAX_SEATS).optional(),
});

export type SeatClocks = z.infer<typeof seatClocksSchema>;
