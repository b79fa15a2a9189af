import { z } from 'zod';
import { boundedRecord } from './bounded-record.js';
import { BOT_LEVELS, botLevelSchema, gameIdSchema, safeTokenSchema } from './fields.js';
import { MAX_AI_ANNOUNCEMENT_TTL_MS, MAX_AI_GAMES, MIN_AI_ANNOUNCEMENT_TTL_MS } from './limits.js';
export { AI_WORKERS_HELLO_SUBJECT, AI_WORKERS_SUBJECT } from './subjects.js';

/** An AI worker process's id, as it names itself in its announcements. */
export const aiWorkerIdSchema = safeTokenSchema;

/** The bot levels served for one game: distinct, at least one. */
const servedLevelsSchema = z
  .array(botLevelSchema)
  .min(1)
  .max(BOT_LEVELS.length)
  .refine((levels) => new Set(levels).size === levels.length, { message: 'levels repeat' });

/**
 * `veil.ai.workers`: what the AI workers serve, so that the lobby offers exactly those bot
 * levels and a room asking for another is refused when it is created (never played at a
 * weaker level). Nothing of any room travels here.
 *
 * - `serving`: this worker answers these games at these levels; it holds for `ttlMs` unless said
 *   again (a worker says it at start, every third of `ttlMs`, and after each `hello`).
 * - `bye`: the worker is stopping; forget it.
 */
export const aiServingSchema = z.strictObject({
  kind: z.literal('serving'),
  worker: aiWorkerIdSchema,
  ttlMs: z.int().min(MIN_AI_ANNOUNCEMENT_TTL_MS).max(MAX_AI_ANNOUNCEMENT_TTL_MS),
  games: boundedRecord(gameIdSchema, servedLevelsSchema, { min: 1, max: MAX_AI_GAMES }),
});

export const aiByeSchema = z.strictObject({
  kind: z.literal('bye'),
  worker: aiWorkerIdSchema,
});

export const aiWorkersAnnouncementSchema = z.discriminatedUnion('kind', [
  aiServingSchema,
  aiByeSchema,
]);

/** `veil.ai.workers.hello`: a listener has started; every worker announces itself at once. */
export const aiWorkersHelloSchema = z.strictObject({ kind: z.literal('hello') });

/** `GET /api/bots`: for each game, the bot levels some worker serves now (weakest first). */
export const botLevelsResponseSchema = z.strictObject({
  games: boundedRecord(gameIdSchema, z.array(botLevelSchema).max(BOT_LEVELS.length), {
    min: 0,
    max: MAX_AI_GAMES,
  }),
});

export type AiServing = z.infer<typeof aiServingSchema>;
export type AiWorkersAnnouncement = z.infer<typeof aiWorkersAnnouncementSchema>;
export type BotLevelsResponse = z.infer<typeof botLevelsResponseSchema>;
