import { z } from 'zod';
import { protocolErrorSchema } from './error-codes.js';
import {
  actionSchema,
  botLevelSchema,
  epochMsSchema,
  roomIdSchema,
  seatSchema,
  seedSchema,
  versionSchema,
  viewSchema,
} from './fields.js';
import { MAX_LEGAL_ACTIONS } from './limits.js';

/**
 * `veil.ai.<game>.request` (queue group `ai-workers`, docs/architecture.md, "The parts"). A worker gets only the bot
 * seat's projection and legal actions, never the authoritative state, and answers with one
 * action for that version; the node still checks it like any other. The object is strict: a
 * request carrying anything more (a state, a room seed) is refused, not read.
 */
export const aiRequestSchema = z.strictObject({
  roomId: roomIdSchema,
  seat: seatSchema,
  version: versionSchema,
  level: botLevelSchema,
  view: viewSchema,
  /** The seat is a decider, so there is at least one. */
  legalActions: z.array(actionSchema).min(1).max(MAX_LEGAL_ACTIONS),
  /** Answer before this time (epoch ms); a later answer is discarded. */
  deadline: epochMsSchema,
  /** Makes the bot's choice reproducible (e.g. `veil selfplay --seed`). */
  seed: seedSchema.optional(),
});

export const aiReplyOkSchema = z.object({
  ok: z.literal(true),
  roomId: roomIdSchema,
  version: versionSchema,
  action: actionSchema,
});

/**
 * The worker could not answer: `timeout` (past the deadline), `unavailable` (the worker is
 * shutting down and hands the request back: ask again at once, another worker takes it),
 * `internal`. The node retries, then falls back.
 */
export const aiReplyErrorSchema = z.object({
  ok: z.literal(false),
  roomId: roomIdSchema,
  version: versionSchema,
  error: protocolErrorSchema,
});

export const aiReplySchema = z.discriminatedUnion('ok', [aiReplyOkSchema, aiReplyErrorSchema]);

export type AiRequest = z.infer<typeof aiRequestSchema>;
export type AiReplyOk = z.infer<typeof aiReplyOkSchema>;
export type AiReplyError = z.infer<typeof aiReplyErrorSchema>;
export type AiReply = z.infer<typeof aiReplySchema>;
