import { z } from 'zod';
import { protocolErrorSchema } from './error-codes.js';
import {
  gameIdSchema,
  logEntrySchema,
  roomIdSchema,
  versionSchema,
  viewerSchema,
} from './fields.js';
import { MAX_LOG_ENTRIES } from './limits.js';
import { viewPayloadSchema } from './view-payload.js';

/**
 * `veil.rooms.replay` (queue group of game nodes): a finished room at one of its versions, as
 * the spectators or one of its seats saw it, rebuilt from its first snapshot and stored events
 * (docs/protocol.md, "Replay"). Any node answers from the store; the room need not run anywhere.
 */
export const ROOMS_REPLAY_SUBJECT = 'veil.rooms.replay';

/** Without `version`, the last one; without `viewer`, the spectators'. */
export const replayRequestSchema = z.strictObject({
  roomId: roomIdSchema,
  version: versionSchema.optional(),
  viewer: viewerSchema.optional(),
});

/**
 * The viewer's view at `version` (the game's `view()`, without `legalActions`: nothing can be
 * played in a replay), the viewer's log up to it (`logView()`, its last MAX_LOG_ENTRIES
 * entries), and the room's last version.
 */
export const replayOkSchema = z.strictObject({
  ok: z.literal(true),
  game: gameIdSchema,
  lastVersion: versionSchema,
  view: viewPayloadSchema,
  log: z.array(logEntrySchema).max(MAX_LOG_ENTRIES),
});

export const replayErrorSchema = z.strictObject({
  ok: z.literal(false),
  error: protocolErrorSchema,
});

export const replayReplySchema = z.discriminatedUnion('ok', [replayOkSchema, replayErrorSchema]);

/** What `GET /api/rooms/:id/replay` answers: the reply without its `ok`. */
export type Replay = Omit<z.infer<typeof replayOkSchema>, 'ok'>;
export type ReplayRequest = z.infer<typeof replayRequestSchema>;
export type ReplayReply = z.infer<typeof replayReplySchema>;
