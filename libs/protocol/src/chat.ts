import { z } from 'zod';
import {
  botLevelSchema,
  connectionIdSchema,
  requestIdSchema,
  roomIdSchema,
  seatSchema,
  SPECTATOR,
  viewerSchema,
} from './fields.js';

/**
 * A room's chat (docs/protocol.md, "Chat"): the seats write the table chat, spectators their own
 * chat, which the seats never see. Lines are plain text: nothing in them is markup, and a client
 * shows them as text. The node running the room numbers, stores and publishes them.
 */

/** Characters of one chat message, after trimming. */
export const MAX_CHAT_TEXT = 300;
/** Characters of a display name, after trimming. */
export const MAX_DISPLAY_NAME = 24;
/** Lines a viewer gets on connect: the room's last ones. */
export const MAX_CHAT_HISTORY = 200;
/** Messages one writer (a seat, a spectator's connection) may send at once, then one per… */
export const CHAT_BURST = 5;
/** …this many milliseconds. */
export const CHAT_REFILL_MS = 2_000;

export const CHAT_CHANNELS = ['table', 'spectators'] as const;
export const chatChannelSchema = z.enum(CHAT_CHANNELS);
export type ChatChannel = z.infer<typeof chatChannelSchema>;

/** No control characters (a line is one line of text), no surrounding space. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !CONTROL.test(text), { message: 'must not hold control characters' });

export const chatTextSchema = plainText(MAX_CHAT_TEXT);
export const displayNameSchema = plainText(MAX_DISPLAY_NAME);

/** What happened at the table, told in the chat pane. */
export const CHAT_EVENTS = [
  'joined',
  'left',
  'reconnected',
  'conceded',
  'handed_to_bot',
  'out_of_time',
  'rematch_offered',
  'rematch',
] as const;

const lineBase = {
  roomId: roomIdSchema,
  seq: z.int().min(1),
  channel: chatChannelSchema,
  /** When the node took the line (ISO 8601). */
  at: z.iso.datetime(),
};

export const chatLineSchema = z.discriminatedUnion('kind', [
  z.object({
    ...lineBase,
    kind: z.literal('message'),
    /** The seat that wrote it, or `spectator`. */
    from: viewerSchema,
    name: displayNameSchema.optional(),
    text: chatTextSchema,
  }),
  z.object({
    ...lineBase,
    kind: z.literal('system'),
    seat: seatSchema,
    event: z.enum(CHAT_EVENTS),
    /** `rematch` only: the new room (see rematch.ts). */
    room: roomIdSchema.optional(),
    /** `handed_to_bot` only: the level of the bot that plays the seat now. */
    level: botLevelSchema.optional(),
    /**
     * `handed_to_bot` and `conceded` only: another player handed the idle seat over, or claimed
     * the game from it (idle-seat.ts).
     */
    by: seatSchema.optional(),
  }),
]);
export type ChatLine = z.infer<typeof chatLineSchema>;

/** socket.io `chat` (client → server, with an ack): the channel is the sender's own. */
export const chatRequestSchema = z.strictObject({
  text: chatTextSchema,
  name: displayNameSchema.optional(),
  requestId: requestIdSchema,
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/**
 * socket.io `chat` (server → client): new lines, or with `history: true` (once after each
 * connect) the viewer's last MAX_CHAT_HISTORY lines, which replace what the client held.
 */
export const chatEventSchema = z.object({
  roomId: roomIdSchema,
  lines: z.array(chatLineSchema).max(MAX_CHAT_HISTORY),
  history: z.literal(true).optional(),
});
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** Room command `chat`: the gateway names the writer (its bound seat, or a spectator). */
export const chatCommandSchema = z.object({
  type: z.literal('chat'),
  viewer: viewerSchema,
  connectionId: connectionIdSchema,
  text: chatTextSchema,
  name: displayNameSchema.optional(),
  requestId: requestIdSchema,
});
export type ChatCommand = z.infer<typeof chatCommandSchema>;

/** Whether a viewer reads a channel: spectators read both, the seats only the table's. */
export function readsChannel(viewer: string, channel: ChatChannel): boolean {
  return channel === 'table' || viewer === SPECTATOR;
}
