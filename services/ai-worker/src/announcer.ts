import type { Bus, BusSubscription } from '@veil/bus';
import type { Logger } from '@veil/log';
import {
  AI_WORKERS_HELLO_SUBJECT,
  AI_WORKERS_SUBJECT,
  type AiServing,
  type BotLevel,
} from '@veil/protocol';

export const DEFAULT_ANNOUNCE_TTL_MS = 15_000;

/**
 * Says on `veil.ai.workers` which games and levels this worker serves: at once, every third of
 * `ttlMs`, and whenever a listener says hello; `stop` says bye.
 */
export async function startAnnouncer(options: {
  readonly bus: Bus;
  readonly worker: string;
  readonly games: Readonly<Record<string, readonly BotLevel[]>>;
  readonly ttlMs?: number;
  readonly logger: Logger;
}): Promise<{ stop(): Promise<void> }> {
  const { bus, worker, logger } = options;
  const ttlMs = options.ttlMs ?? DEFAULT_ANNOUNCE_TTL_MS;
  const serving: AiServing = {
    kind: 'serving',
    worker,
    ttlMs,
    games: Object.fromEntries(Object.entries(options.games).map(([g, l]) => [g, [...l]])),
  };
  const say = (message: unknown): void => {
    try {
      bus.publish(AI_WORKERS_SUBJECT, message);
    } catch (error) {
      logger.warn('ai announcement not sent', { error });
    }
  };
  const hello: BusSubscription = await bus.subscribe(AI_WORKERS_HELLO_SUBJECT, () => say(serving));
  say(serving);
  const timer = setInterval(() => say(serving), Math.max(1, Math.floor(ttlMs / 3)));
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await hello.unsubscribe();
      say({ kind: 'bye', worker });
    },
  };
}
