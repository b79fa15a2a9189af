import type { Bus, BusMessage, BusSubscription } from '@veil/bus';
import {
  AI_QUEUE_GROUP,
  aiRequestSchema,
  aiRequestSubject,
  protocolError,
  type AiReply,
} from '@veil/protocol';
import { silentLogger, type Logger } from '@veil/log';
import { randomBotAction } from './random-bot.js';

export interface AiWorkerOptions {
  readonly bus: Bus;
  /** The games to serve, by id (a game module's `id` is enough). */
  readonly games: Iterable<{ readonly id: string }>;
  readonly logger?: Logger;
  /** The clock deadlines are checked against (tests); default `Date.now`. */
  readonly now?: () => number;
}

export interface AiWorker {
  /** Stops taking requests; those being answered finish. The bus stays open (it is the caller's). */
  stop(): Promise<void>;
}

/**
 * A stateless AI worker (DESIGN §6): answers `veil.ai.<game>.request` in the `ai-workers` queue
 * group with one action. It never sees more than the request: the bot seat's view and its legal
 * actions. Only the `random` level exists so far; a request for a stronger level is answered at
 * `random` (and logged) until `libs/ai` provides it, which is what the node would fall back to
 * anyway after its retries.
 */
export async function startAiWorker(options: AiWorkerOptions): Promise<AiWorker> {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;

  const answer = ({ data, respond }: BusMessage): void => {
    if (!respond) return;
    const parsed = aiRequestSchema.safeParse(data);
    if (!parsed.success) {
      // Without a well-formed room and version there is nobody to address a reply to; the
      // node's timeout and retry handle it.
      logger.warn('malformed ai request');
      return;
    }
    const request = parsed.data;
    let reply: AiReply;
    if (now() > request.deadline) {
      reply = {
        ok: false,
        roomId: request.roomId,
        version: request.version,
        error: protocolError('timeout'),
      };
    } else {
      if (request.level !== 'random') {
        logger.warn('level not available, playing random', { level: request.level });
      }
      reply = {
        ok: true,
        roomId: request.roomId,
        version: request.version,
        action: randomBotAction(request),
      };
    }
    respond(reply);
  };

  const subscriptions: BusSubscription[] = [];
  for (const game of options.games) {
    subscriptions.push(
      await options.bus.subscribe(aiRequestSubject(game.id), answer, { queue: AI_QUEUE_GROUP }),
    );
  }
  logger.info('ai worker started', { games: subscriptions.map((s) => s.subject) });
  return {
    stop: async () => {
      await Promise.all(subscriptions.map((s) => s.unsubscribe()));
    },
  };
}
