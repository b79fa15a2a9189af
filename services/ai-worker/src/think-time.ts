import { Rng } from '@veil/engine';
import type { AiRequest } from '@veil/protocol';

/**
 * How long a bot seems to think. Every answer waits until `minMs` plus a jitter in
 * `[0, jitterMs)` after its request arrived — a forced move too — so the moment an answer comes
 * says nothing about the bot's hidden cards or how many choices it had. The jitter is drawn
 * from the request's seed (the node's `botSeed`: an HMAC of the room's secret, its version, seat
 * and attempt), never from its view or legal actions. 0 and 0 (the default, and in tests) answer as soon as the decision is made.
 */
export interface ThinkTime {
  readonly minMs: number;
  readonly jitterMs: number;
}

export const NO_THINK_TIME: ThinkTime = { minMs: 0, jitterMs: 0 };

/** Answers leave this long before the request's deadline at the latest. */
export const DEADLINE_MARGIN_MS = 50;

/** The request's seed as the bot uses it (the node always sends one). */
export function requestSeed(request: Pick<AiRequest, 'seed' | 'roomId' | 'version' | 'seat'>) {
  return String(request.seed ?? `${request.roomId}:${request.version}:${request.seat}`);
}

/** Milliseconds from a request's arrival to its answer, at the earliest. */
export function thinkDelayMs(
  request: Pick<AiRequest, 'seed' | 'roomId' | 'version' | 'seat'>,
  think: ThinkTime,
): number {
  const jitter =
    think.jitterMs >= 1 ? Rng.from(`think:${requestSeed(request)}`).int(think.jitterMs) : 0;
  return think.minMs + jitter;
}

/** The epoch ms at which a request that arrived at `receivedAt` is answered, at the earliest. */
export function answerAt(
  request: Pick<AiRequest, 'seed' | 'roomId' | 'version' | 'seat' | 'deadline'>,
  receivedAt: number,
  think: ThinkTime,
): number {
  return Math.min(receivedAt + thinkDelayMs(request, think), request.deadline - DEADLINE_MARGIN_MS);
}

/** Checks a think time from configuration (whole, non-negative milliseconds). */
export function thinkTime(minMs: number, jitterMs: number): ThinkTime {
  for (const [name, value] of [
    ['minMs', minMs],
    ['jitterMs', jitterMs],
  ] as const) {
    if (!Number.isInteger(value) || value < 0 || value > 60_000) {
      throw new RangeError(`think time ${name} must be a whole number of ms in [0, 60000]`);
    }
  }
  return { minMs, jitterMs };
}
