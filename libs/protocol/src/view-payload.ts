import { z } from 'zod';
import { roomIdSchema, seatSchema, versionSchema, viewSchema } from './fields.js';
import { roomOutcomeSchema } from './room-summary.js';
import { seatClocksSchema } from './time-control.js';

/**
 * One viewer's projection of a room at a version: the socket.io `view` event, and the view part
 * of what the node publishes on `veil.room.<roomId>.view.<seat|spectator>` (see
 * `viewPublicationSchema`), so the gateway forwards it untouched. `seat` is `null` for
 * spectators. The view is game-defined; it carries `legalActions` only for a seat the game waits
 * on. `fixedDeal` is on every view of a room whose creator chose the seed while other humans sit
 * at the table: whoever chose it can know every hidden card, and every viewer is told so.
 * `outcome` is the room's when it ended outside the game's rules (a seat conceded, see
 * `concede.ts`, or a clock ran out); a game's own end is in its view. `clocks` is on every view of
 * a room with time controls while its game runs (`time-control.ts`).
 */
export const viewPayloadSchema = z.object({
  roomId: roomIdSchema,
  version: versionSchema,
  seat: seatSchema.nullable(),
  view: viewSchema,
  fixedDeal: z.literal(true).optional(),
  outcome: roomOutcomeSchema.optional(),
  clocks: seatClocksSchema.optional(),
});

export type ViewPayload = z.infer<typeof viewPayloadSchema>;
