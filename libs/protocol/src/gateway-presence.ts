import { z } from 'zod';
import { boundedRecord } from './bounded-record.js';
import { gatewayIdSchema, roomIdSchema, seatSchema } from './fields.js';
import {
  MAX_PRESENCE_ROOMS,
  MAX_PRESENCE_TTL_MS,
  MAX_SEATS,
  MIN_PRESENCE_TTL_MS,
} from './limits.js';
export { GATEWAY_PRESENCE_SUBJECT } from './subjects.js';

/**
 * `veil.gateway.presence`: how gateways learn which human seats are connected on the others, so
 * that any gateway's room summary says `connected: true` for a seat with a socket anywhere.
 * Public information only (room ids and seat names, as in every summary).
 *
 * - `seats`: for each room listed, the seats this gateway holds a socket for **now** (an empty
 *   list: none any more); it holds for `ttlMs` unless said again. A gateway says it for a room
 *   when that changes, and for all its rooms every refresh (in several messages when many).
 * - `hello`: a gateway has started and knows nothing yet; the others say all theirs soon.
 * - `bye`: a gateway is closing; forget everything it said.
 */
export const presenceSeatsSchema = z.strictObject({
  kind: z.literal('seats'),
  gateway: gatewayIdSchema,
  ttlMs: z.int().min(MIN_PRESENCE_TTL_MS).max(MAX_PRESENCE_TTL_MS),
  rooms: boundedRecord(roomIdSchema, z.array(seatSchema).max(MAX_SEATS), {
    min: 1,
    max: MAX_PRESENCE_ROOMS,
  }),
});

export const presenceHelloSchema = z.strictObject({
  kind: z.literal('hello'),
  gateway: gatewayIdSchema,
});

export const presenceByeSchema = z.strictObject({
  kind: z.literal('bye'),
  gateway: gatewayIdSchema,
});

export const gatewayPresenceSchema = z.discriminatedUnion('kind', [
  presenceSeatsSchema,
  presenceHelloSchema,
  presenceByeSchema,
]);

export type PresenceSeats = z.infer<typeof presenceSeatsSchema>;
export type GatewayPresence = z.infer<typeof gatewayPresenceSchema>;
