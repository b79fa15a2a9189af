import type { Bus, BusSubscription } from '@veil/bus';
import type { Logger } from '@veil/log';
import {
  AI_WORKERS_HELLO_SUBJECT,
  AI_WORKERS_SUBJECT,
  aiWorkersAnnouncementSchema,
  BOT_LEVELS,
  type BotLevel,
  type CreateRoomRequest,
} from '@veil/protocol';
import { GatewayError } from './errors.js';

export interface BotLevelsOptions {
  /**
   * After start, how long a question waits for the workers' first word before it is answered
   * from what was heard (default 2 s): a gateway that has just started knows nothing yet.
   */
  readonly warmupMs?: number;
  /** The clock for expiries (tests). */
  readonly now?: () => number;
}

interface Served {
  readonly games: Readonly<Record<string, readonly BotLevel[]>>;
  /** When this expires unless said again (the receiver's clock). */
  readonly until: number;
}

/**
 * The bot levels the AI workers serve now, per game, from what they say on `veil.ai.workers`
 * (`ai-workers.ts` of the protocol). The lobby offers exactly these, and room creation refuses
 * a bot seat at any other level (`bot_level_unavailable`) rather than let it play weaker.
 */
export class BotLevels {
  private readonly served = new Map<string, Served>();
  private heard = false;
  private readonly firstWord: Promise<void>;
  private onFirstWord: () => void = () => {};
  private subscription: BusSubscription | null = null;
  private readonly started: number;

  private constructor(
    private readonly logger: Logger,
    private readonly now: () => number,
    private readonly warmupMs: number,
  ) {
    this.started = now();
    this.firstWord = new Promise((resolve) => (this.onFirstWord = resolve));
  }

  /** Listens, and asks every worker to say what it serves. */
  static async start(bus: Bus, logger: Logger, options: BotLevelsOptions = {}): Promise<BotLevels> {
    const levels = new BotLevels(logger, options.now ?? Date.now, options.warmupMs ?? 2_000);
    levels.subscription = await bus.subscribe(AI_WORKERS_SUBJECT, ({ data }) => levels.hear(data));
    try {
      bus.publish(AI_WORKERS_HELLO_SUBJECT, { kind: 'hello' });
    } catch (error) {
      logger.warn('ai hello not sent', { error });
    }
    return levels;
  }

  /** For each game, the levels some live worker serves, weakest first. */
  all(): Record<string, BotLevel[]> {
    const now = this.now();
    const union = new Map<string, Set<BotLevel>>();
    for (const [worker, served] of this.served) {
      if (served.until <= now) {
        this.served.delete(worker);
        continue;
      }
      for (const [game, levels] of Object.entries(served.games)) {
        const set = union.get(game) ?? new Set();
        for (const level of levels) set.add(level);
        union.set(game, set);
      }
    }
    return Object.fromEntries(
      [...union].map(([game, set]) => [game, BOT_LEVELS.filter((l) => set.has(l))]),
    );
  }

  /** Whether some worker serves `level` for `game`, once the workers had time to say so. */
  async serves(game: string, level: BotLevel): Promise<boolean> {
    await this.warm();
    return this.all()[game]?.includes(level) ?? false;
  }

  /** Resolves once a worker has spoken, or the warm-up is over. */
  async warm(): Promise<void> {
    const left = this.started + this.warmupMs - this.now();
    if (this.heard || left <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.firstWord,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, left))),
    ]);
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe();
  }

  private hear(data: unknown): void {
    const parsed = aiWorkersAnnouncementSchema.safeParse(data);
    if (!parsed.success) {
      this.logger.warn('malformed ai announcement');
      return;
    }
    const message = parsed.data;
    if (message.kind === 'bye') {
      this.served.delete(message.worker);
      return;
    }
    this.served.set(message.worker, { games: message.games, until: this.now() + message.ttlMs });
    if (!this.heard) {
      this.heard = true;
      this.onFirstWord();
    }
  }
}

/** Refuses a room whose bot seats ask for a level no worker serves for its game. */
export async function checkBotLevels(
  levels: BotLevels | undefined,
  request: Pick<CreateRoomRequest, 'game' | 'seats'>,
): Promise<void> {
  if (!levels) return;
  for (const seat of Object.values(request.seats)) {
    if (seat.type === 'bot' && !(await levels.serves(request.game, seat.level))) {
      throw new GatewayError('bot_level_unavailable');
    }
  }
}
