import { z } from 'zod';
import { protocolErrorSchema } from './error-codes.js';
import {
  actionSchema,
  requestIdSchema,
  standingPolicySchema,
  versionSchema,
  windowKindSchema,
} from './fields.js';

/**
 * What a seated client sends over socket.io, and the ack it gets. The room and the seat come
 * from the connection's handshake, never from the message. Requests are strict objects: an
 * unknown field is a malformed request, not something to ignore.
 */

/** `act`: play an action against the version the client last saw. */
export const actRequestSchema = z.strictObject({
  version: versionSchema,
  action: actionSchema,
  requestId: requestIdSchema,
});

/** `policy`: set (or with `null` clear) a standing policy for a kind of reaction window. */
export const policyRequestSchema = z.strictObject({
  kind: windowKindSchema,
  policy: standingPolicySchema.nullable(),
  requestId: requestIdSchema,
});

/**
 * The ack of `act` and `policy`. On `stale_version` the gateway also emits a fresh `view`, so
 * the ack itself stays the same two shapes.
 */
export const ackOkSchema = z.object({ ok: z.literal(true), version: versionSchema });
export const ackErrorSchema = z.object({ ok: z.literal(false), error: protocolErrorSchema });
export const ackSchema = z.discriminatedUnion('ok', [ackOkSchema, ackErrorSchema]);

export type ActRequest = z.infer<typeof actRequestSchema>;
export type PolicyRequest = z.infer<typeof policyRequestSchema>;
export type AckOk = z.infer<typeof ackOkSchema>;
export type AckError = z.infer<typeof ackErrorSchema>;
export type Ack = z.infer<typeof ackSchema>;
