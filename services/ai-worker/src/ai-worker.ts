import { availableParallelism } from 'node:os';
import type { Bus, BusMessage, BusSubscription } from '@veil/bus';
import type { AnyGameModule } from '@veil/engine';
import { silentLogger, type Logger } from '@veil/log';
import {
  AI_QUEUE_GROUP,
  aiRequestSchema,
  aiRequestSubject,
  protocolError,
  type AiReply,
  type BotLevel,
  type ErrorCode,
} from '@veil/protocol';
import { startAnnouncer } from './announcer.js';
import { decideWithAi, DEFAULT_LEVELS, type Decider } from './decider.js';
import { HandedBack, type DecisionRunner } from './decision-job.js';
import { inlineRunner } from './inline-runner.js';
import { registryModules } from './served-games.js';
import { AiWorkerMetrics } from './metrics.js';
import {
  answerAt,
  DEADLINE_MARGIN_MS,
  NO_THINK_TIME,
  requestSeed,
  type ThinkTime,
} from './think-time.js';
import { ThreadPool } from './thread-pool.js';

export interface AiWorkerOptions {
  readonly bus: Bus;
  /** The games to serve: modules of the game registry (`@veil/game/games`). */
  readonly games: readonly AnyGameModule[];
  /** The levels to serve (default every level `@veil/ai` plays). */
  readonly levels?: readonly BotLevel[];
  /**
   * Decision threads (default `os.availableParallelism()`); `0` decides on the calling thread,
   * with `decider` (tests).
   */
  readonly threads?: number;
  /**
   * Packages whose `game` the threads add to the registry's games (test games such as
   * `@veil/parlor`). A game of `games` the threads do not load is decided on the calling thread.
   */
  readonly gamePackages?: readonly string[];
  /** What decides on the calling thread (default `@veil/ai`'s `decide`, as in the threads). */
  readonly decider?: Decider;
  /** Minimum think time and jitter of every answer (default none). */
  readonly thinkTime?: ThinkTime;
  readonly metrics?: AiWorkerMetrics;
  /** How this worker names itself in `veil.ai.workers` (default `ai-<pid>-<n>`). */
  readonly workerId?: string;
  /** How long its announcements hold (default 15 s). */
  readonly announceTtlMs?: number;
  readonly logger?: Logger;
  /** The clock deadlines and think time are measured with (tests); default `Date.now`. */
  readonly now?: () => number;
  /** How think time is waited (tests); default a timer. */
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface AiWorker {
  readonly workerId: string;
  /** What it serves: for each game, its levels. */
  readonly serving: Readonly<Record<string, readonly BotLevel[]>>;
  readonly metrics: AiWorkerMetrics;
  /**
   * Stops taking requests, says bye, and hands back every request not yet answered
   * (`unavailable`, which the node retries at once on another worker). The bus stays open.
   */
  stop(): Promise<void>;
}

let workersStarted = 0;

/**
 * A stateless AI worker (docs/architecture.md, "The parts"): answers `veil.ai.<game>.request` in the `ai-workers` queue
 * group with one action, decided on a pool of threads from the request alone — the bot seat's
 * view and legal actions. It announces what it serves on `veil.ai.workers`.
 */
export async function startAiWorker(options: AiWorkerOptions): Promise<AiWorker> {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const think = options.thinkTime ?? NO_THINK_TIME;
  const metrics = options.metrics ?? new AiWorkerMetrics();
  const levels = new Set(options.levels ?? DEFAULT_LEVELS);
  const workerId = options.workerId ?? `ai-${process.pid}-${(workersStarted += 1)}`;
  const threads = options.threads ?? availableParallelism();
  // Threads only for games they can load (a test game outside the registry is decided here).
  const registered = new Set((await registryModules(options.gamePackages)).map((m) => m.id));
  const threaded = options.games.some((m) => registered.has(m.id));
  const pool =
    threads > 0 && threaded ? await ThreadPool.start(threads, logger, options.gamePackages) : null;
  const inline = inlineRunner(options.games, options.decider ?? decideWithAi);
  const runnerFor = (game: string): DecisionRunner => (pool?.games.has(game) ? pool : inline);

  let stopping = false;
  let wake: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (wake = resolve));
  const inFlight = new Set<() => void>();

  const answer = async (game: string, { data, respond }: BusMessage): Promise<void> => {
    if (!respond) return;
    const receivedAt = now();
    const parsed = aiRequestSchema.safeParse(data);
    if (!parsed.success) {
      // Without a well-formed room and version there is nobody to address a reply to; the
      // node's timeout and retry handle it.
      logger.warn('malformed ai request');
      return;
    }
    const request = parsed.data;
    const labels = { game, level: request.level };
    let answered = false;
    const send = (result: string, reply: AiReply): void => {
      if (answered) return;
      answered = true;
      respond(reply);
      metrics.answers.inc({ ...labels, result });
      metrics.answerSeconds.observe(labels, Math.max(0, now() - receivedAt) / 1000);
    };
    const fail = (result: string, code: ErrorCode): void =>
      send(result, {
        ok: false,
        roomId: request.roomId,
        version: request.version,
        error: protocolError(code),
      });
    const handBack = (): void => fail('handed_back', 'unavailable');

    if (stopping) return handBack();
    if (receivedAt > request.deadline) return fail('timeout', 'timeout');
    // Never played at another level: the node retries, then falls back, and says so.
    if (!levels.has(request.level)) return fail('level_unavailable', 'bot_level_unavailable');
    inFlight.add(handBack);
    try {
      let result;
      try {
        result = await runnerFor(game).run({
          game,
          seat: request.seat,
          level: request.level,
          view: request.view,
          legalActions: request.legalActions,
          seed: requestSeed(request),
          deadline: request.deadline - DEADLINE_MARGIN_MS,
        });
      } catch (error) {
        if (error instanceof HandedBack) return handBack();
        logger.error('bot decision failed', { game, level: request.level, error });
        return fail('internal', 'internal');
      }
      metrics.decisionSeconds.observe(labels, result.seconds);
      metrics.iterations.inc(labels, result.iterations);
      if (result.iterations > 0 && result.seconds > 0) {
        metrics.iterationsPerSecond.observe(labels, result.iterations / result.seconds);
      }
      const wait = answerAt(request, receivedAt, think) - now();
      if (wait > 0) await Promise.race([sleep(wait), stopped]);
      if (stopping) return handBack();
      send('ok', {
        ok: true,
        roomId: request.roomId,
        version: request.version,
        action: result.action,
      });
    } finally {
      inFlight.delete(handBack);
    }
  };

  const serving: Record<string, BotLevel[]> = {};
  const subscriptions: BusSubscription[] = [];
  for (const module of options.games) {
    if (threads > 0 && !pool?.games.has(module.id)) {
      logger.warn('game not in the registry the threads load: decided on the calling thread', {
        game: module.id,
      });
    }
    serving[module.id] = [...levels];
    subscriptions.push(
      await options.bus.subscribe(aiRequestSubject(module.id), (m) => answer(module.id, m), {
        queue: AI_QUEUE_GROUP,
      }),
    );
  }
  const announcer =
    Object.keys(serving).length > 0
      ? await startAnnouncer({
          bus: options.bus,
          worker: workerId,
          games: serving,
          logger,
          ...(options.announceTtlMs === undefined ? {} : { ttlMs: options.announceTtlMs }),
        })
      : null;
  logger.info('ai worker started', { workerId, threads, serving });

  let stopping_: Promise<void> | null = null;
  return {
    workerId,
    serving,
    metrics,
    stop: () =>
      (stopping_ ??= (async () => {
        await announcer?.stop();
        // Unsubscribed first, so the node's retry of a handed-back request reaches another
        // worker rather than this one.
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
        stopping = true;
        wake();
        for (const handBack of inFlight) handBack();
        await Promise.all([pool?.close(), inline.close()]);
      })()),
  };
}
