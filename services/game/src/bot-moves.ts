import { createHmac } from 'node:crypto';
import { retry, type Bus } from '@veil/bus';
import { canonicalJson, Rng } from '@veil/engine';
import { aiReplySchema, aiRequestSubject, type AiRequest, type BotLevel } from '@veil/protocol';
import type { Logger } from '@veil/log';

export interface BotMoveOptions {
  /** How long one worker gets to answer (default 2 s). */
  timeoutMs?: number;
  /** Requests before the fallback (default 3). */
  attempts?: number;
  /**
   * Counts fallbacks by game and level (`veil_game_bot_fallbacks_total`; a prom-client Counter
   * fits): a bot that played random moves instead of its level shows on a dashboard.
   */
  fallbacks?: { inc(labels: { game: string; level: string }): void };
}

export interface BotMoveRequest {
  readonly game: string;
  readonly roomId: string;
  readonly seat: string;
  readonly version: number;
  readonly level: BotLevel;
  /**
   * The room's secret seed. Never sent: a bot's seeds are derived from it (`botSeed`), so nobody
   * who knows the room id can replay a bot's search to infer the hand it played from.
   */
  readonly secret: string;
  /** The bot seat's projection: the only state a worker ever receives. */
  readonly view: AiRequest['view'];
  readonly legalActions: readonly AiRequest['legalActions'][number][];
}

export type BotMove =
  | { readonly source: 'worker'; readonly action: AiRequest['legalActions'][number] }
  | { readonly source: 'fallback'; readonly action: AiRequest['legalActions'][number] };

/**
 * Asks the AI workers for a bot seat's move (docs/architecture.md, "The parts"). Each attempt goes through the queue
 * group, so a retry after a lost or late answer usually reaches another worker. An answer must
 * be for this room and version and one of the legal actions sent, else it counts as a failure.
 * A worker that is stopping answers `unavailable` (it hands the request back), and the next
 * attempt goes out at once, to another worker. After `attempts` failures the node plays the documented fallback: a uniformly random legal
 * action from a PRNG seeded by `botSeed` (never `Math.random`), so the same room at the same
 * version falls back to the same move on any node.
 */
export async function chooseBotMove(
  bus: Bus,
  request: BotMoveRequest,
  logger: Logger,
  options: BotMoveOptions = {},
  stillWanted: () => boolean = () => true,
): Promise<BotMove | null> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const attempts = options.attempts ?? 3;
  const legal = new Set(request.legalActions.map((a) => canonicalJson(a)));
  const where = { roomId: request.roomId, seat: request.seat, version: request.version };
  // `undefined`: every attempt failed, play the fallback; `null`: the move is no longer wanted.
  const answered = await retry<BotMove | null | undefined>(
    async (attempt) => {
      if (!stillWanted()) return { done: null };
      const message: AiRequest = {
        roomId: request.roomId,
        seat: request.seat,
        version: request.version,
        level: request.level,
        view: request.view,
        legalActions: [...request.legalActions],
        deadline: Date.now() + timeoutMs,
        seed: botSeed(request, attempt),
      };
      try {
        const reply = aiReplySchema.parse(
          await bus.request(aiRequestSubject(request.game), message, { timeoutMs }),
        );
        if (
          reply.ok &&
          reply.roomId === request.roomId &&
          reply.version === request.version &&
          legal.has(canonicalJson(reply.action))
        ) {
          return { done: { source: 'worker', action: reply.action } };
        }
        logger.warn('bot answer refused', {
          ...where,
          attempt,
          ok: reply.ok,
          ...(reply.ok ? {} : { code: reply.error.code }),
        });
      } catch (error) {
        logger.warn('bot request failed', { ...where, attempt, error });
      }
      return { again: 'now', giveUp: () => undefined };
    },
    { attempts },
  );
  if (answered !== undefined) return answered;
  if (!stillWanted()) return null;
  const action = fallbackBotAction(request);
  options.fallbacks?.inc({ game: request.game, level: request.level });
  logger.warn('bot fallback: random legal action', {
    ...where,
    game: request.game,
    level: request.level,
    attempts,
  });
  return { source: 'fallback', action };
}

export function fallbackBotAction(
  request: Pick<BotMoveRequest, 'secret' | 'version' | 'seat' | 'legalActions'>,
): AiRequest['legalActions'][number] {
  return Rng.from(botSeed(request, 0)).pick(request.legalActions);
}

/**
 * A bot's seed for one version, seat and attempt (0: the node's fallback): HMAC-SHA-256 of the
 * room's secret. Reproducible on any node; unpredictable, and telling nothing of the secret, to
 * anyone without it (docs/privacy.md, "Randomness").
 */
export function botSeed(
  request: Pick<BotMoveRequest, 'secret' | 'version' | 'seat'>,
  attempt: number,
): string {
  return createHmac('sha256', request.secret)
    .update(`veil/bot/${request.version}/${request.seat}/${attempt}`)
    .digest('hex');
}
