import { z } from 'zod';
import { protocolErrorSchema, type ProtocolError } from './error-codes.js';
import { logEntrySchema, roomIdSchema, versionSchema } from './fields.js';
import { MAX_LOG_ENTRIES } from './limits.js';
import type { ChatEvent, ChatRequest } from './chat.js';
import type { RematchRequest } from './rematch.js';
import type { Ack, ActRequest, PolicyRequest } from './socket-commands.js';
import { viewPayloadSchema, type ViewPayload } from './view-payload.js';

/** socket.io event names, both directions. */
export const SOCKET_EVENTS = {
  /** server → client: the viewer's current projection. */
  view: 'view',
  /** server → client: new entries of the viewer's redacted log. */
  log: 'log',
  /** server → client: an error not tied to a request (e.g. the room became unavailable). */
  error: 'error',
  /** client → server, with ack. */
  act: 'act',
  /** client → server, with ack. */
  policy: 'policy',
  /** both ways: a chat message (client → server, with ack); chat lines (server → client). */
  chat: 'chat',
  /** client → server, with ack: a seat offers or accepts a rematch after the game. */
  rematch: 'rematch',
} as const;

/** `view`: identical to the node's view publication. */
export const viewEventSchema = viewPayloadSchema;
export type ViewEvent = ViewPayload;

/**
 * `log`: entries already redacted for this viewer, as of `version`: the new ones of that
 * version, or with `history: true` (sent once after each connect, right after the first view)
 * the viewer's whole log up to `version` (its last MAX_LOG_ENTRIES entries), which replaces
 * whatever the client held. No entry of a later version arrives before the history.
 */
export const logEventSchema = z.object({
  roomId: roomIdSchema,
  version: versionSchema,
  entries: z.array(logEntrySchema).max(MAX_LOG_ENTRIES),
  history: z.literal(true).optional(),
});
export type LogEvent = z.infer<typeof logEventSchema>;

/** `error`: a bare protocol error. */
export const errorEventSchema = protocolErrorSchema;
export type ErrorEvent = ProtocolError;

/** Typed event maps for `socket.io` / `socket.io-client` generics. */
export interface ServerToClientEvents {
  view: (payload: ViewEvent) => void;
  log: (payload: LogEvent) => void;
  error: (payload: ErrorEvent) => void;
  chat: (payload: ChatEvent) => void;
}

export interface ClientToServerEvents {
  act: (request: ActRequest, ack: (reply: Ack) => void) => void;
  policy: (request: PolicyRequest, ack: (reply: Ack) => void) => void;
  chat: (request: ChatRequest, ack: (reply: Ack) => void) => void;
  rematch: (request: RematchRequest, ack: (reply: Ack) => void) => void;
}
