import { z } from 'zod';
import { chatCommandSchema, chatLineSchema, MAX_CHAT_HISTORY } from './chat.js';
import { protocolErrorSchema } from './error-codes.js';
import {
  actionSchema,
  connectionIdSchema,
  logEntrySchema,
  requestIdSchema,
  seatSchema,
  standingPolicySchema,
  versionSchema,
  viewerSchema,
  windowKindSchema,
} from './fields.js';
import { MAX_LOG_ENTRIES } from './limits.js';
import { rematchCommandSchema } from './rematch.js';
import { viewPayloadSchema } from './view-payload.js';

/**
 * Requests and replies on `veil.room.<roomId>.cmd` (docs/architecture.md, "Services"; docs/protocol.md): the gateway to the node
 * that owns the room. The room is the subject's; the seat is the one the gateway bound the
 * connection to after checking its token, so the node trusts it.
 */

/** Play `action` as `seat` against `version`; `requestId` makes a retry idempotent. */
export const actCommandSchema = z.object({
  type: z.literal('act'),
  seat: seatSchema,
  version: versionSchema,
  action: actionSchema,
  requestId: requestIdSchema,
});

/**
 * A connection starts watching as `viewer`; the reply carries its current view. The connection
 * id lets the node count a seat as connected while any of its connections is (a reconnect may
 * join before the old connection leaves).
 */
export const joinCommandSchema = z.object({
  type: z.literal('join'),
  viewer: viewerSchema,
  connectionId: connectionIdSchema,
});

/** A connection stopped watching. */
export const leaveCommandSchema = z.object({
  type: z.literal('leave'),
  viewer: viewerSchema,
  connectionId: connectionIdSchema,
});

/** Set (or with `null` clear) `seat`'s standing policy for a kind of reaction window. */
export const policyCommandSchema = z.object({
  type: z.literal('policy'),
  seat: seatSchema,
  kind: windowKindSchema,
  policy: standingPolicySchema.nullable(),
  requestId: requestIdSchema,
});

/** Fetch `viewer`'s current view without joining (e.g. after a missed publication). */
export const syncCommandSchema = z.object({
  type: z.literal('sync'),
  viewer: viewerSchema,
});

/**
 * The version the public may know (for the lobby's summary): the one spectators are shown, which
 * a room with a spectator delay holds behind the live one.
 */
export const publicVersionCommandSchema = z.object({ type: z.literal('publicVersion') });

export const roomCommandSchema = z.discriminatedUnion('type', [
  actCommandSchema,
  joinCommandSchema,
  leaveCommandSchema,
  policyCommandSchema,
  syncCommandSchema,
  publicVersionCommandSchema,
  chatCommandSchema,
  rematchCommandSchema,
]);

/**
 * Success: the room's version after the command; `join` and `sync` also carry the viewer's
 * current view, exactly as it would be published, and `join` the viewer's redacted log up to
 * that view (its last MAX_LOG_ENTRIES entries).
 */
export const roomCommandOkSchema = z.object({
  ok: z.literal(true),
  version: versionSchema,
  view: viewPayloadSchema.optional(),
  log: z.array(logEntrySchema).max(MAX_LOG_ENTRIES).optional(),
  /** `join` only: the viewer's last chat lines (its channels), oldest first. */
  chat: z.array(chatLineSchema).max(MAX_CHAT_HISTORY).optional(),
});

/**
 * Refusal. Only `stale_version` may carry a view: the current one of the seat that acted, so
 * the client can catch up without another round trip.
 */
export const roomCommandErrorSchema = z
  .object({
    ok: z.literal(false),
    error: protocolErrorSchema,
    view: viewPayloadSchema.optional(),
  })
  .refine((reply) => reply.view === undefined || reply.error.code === 'stale_version', {
    message: 'only a stale_version error carries a view',
    path: ['view'],
  });

export const roomCommandReplySchema = z.discriminatedUnion('ok', [
  roomCommandOkSchema,
  roomCommandErrorSchema,
]);

export type ActCommand = z.infer<typeof actCommandSchema>;
export type JoinCommand = z.infer<typeof joinCommandSchema>;
export type LeaveCommand = z.infer<typeof leaveCommandSchema>;
export type PolicyCommand = z.infer<typeof policyCommandSchema>;
export type SyncCommand = z.infer<typeof syncCommandSchema>;
export type PublicVersionCommand = z.infer<typeof publicVersionCommandSchema>;
export type RoomCommand = z.infer<typeof roomCommandSchema>;
export type RoomCommandOk = z.infer<typeof roomCommandOkSchema>;
export type RoomCommandError = z.infer<typeof roomCommandErrorSchema>;
export type RoomCommandReply = z.infer<typeof roomCommandReplySchema>;
