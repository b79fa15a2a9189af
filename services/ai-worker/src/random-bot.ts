import { Rng } from '@veil/engine';
import type { AiRequest } from '@veil/protocol';

/**
 * The `random` level: a uniformly random choice among the legal actions it was sent, from a PRNG
 * seeded with the request's seed (or its room, version and seat), so the same request always
 * gets the same answer. It reads nothing but the request.
 */
export function randomBotAction(request: AiRequest): AiRequest['legalActions'][number] {
  const seed = request.seed ?? `${request.roomId}:${request.version}:${request.seat}`;
  return Rng.from(seed).pick(request.legalActions);
}
