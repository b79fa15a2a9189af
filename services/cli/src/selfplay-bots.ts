import { decide, type BotLevel } from '@veil/ai';
import { applyAction, newGame, type AnyGameModule, type GameSnapshot } from '@veil/engine';

export interface BotSelfplayConfig {
  readonly module: AnyGameModule;
  readonly games: number;
  readonly seed: number;
  /** Each seat's bot level (the worker's `decide`, in process); a seat not named plays `random`. */
  readonly levels: Readonly<Record<string, BotLevel>>;
  /** Overrides every level's budget (search iterations; greedy: determinizations). */
  readonly iterations?: number;
  readonly options?: unknown;
  readonly maxActions?: number;
  readonly onGame?: (done: number, summary: BotSelfplaySummary) => void;
}

export interface BotSelfplaySummary {
  games: number;
  finished: number;
  levels: Record<string, BotLevel>;
  wins: Record<string, number>;
  draws: number;
  reasons: Record<string, number>;
  avgActions: number;
  /** Bot decisions that had a choice (more than one legal action), and their mean time. */
  decisions: number;
  decisionMeanMs: number;
  errors: number;
  deadlocks: number;
  failures: { game: number; seed: string; message: string }[];
}

/**
 * Self-play between bots: every decision of every seat is `decide` from `@veil/ai` — the code
 * the AI workers run — given only that seat's view and legal actions, seeded per game and
 * action so a game replays from `--seed` and its index.
 */
export function botSelfplay(config: BotSelfplayConfig): BotSelfplaySummary {
  const { module } = config;
  const options = config.options ?? {};
  const seats = module.seats(options) as string[];
  const levels = Object.fromEntries(seats.map((s) => [s, config.levels[s] ?? 'random'])) as Record<
    string,
    BotLevel
  >;
  const summary: BotSelfplaySummary = {
    games: config.games,
    finished: 0,
    levels,
    wins: Object.fromEntries(seats.map((s) => [s, 0])),
    draws: 0,
    reasons: {},
    avgActions: 0,
    decisions: 0,
    decisionMeanMs: 0,
    errors: 0,
    deadlocks: 0,
    failures: [],
  };
  let actions = 0;
  let decisionMs = 0;
  const maxActions = config.maxActions ?? 20_000;
  for (let game = 0; game < config.games; game++) {
    const seed = `${config.seed}:${game}`;
    let snapshot: GameSnapshot<unknown> = newGame(module, options, seed);
    let played = 0;
    // When several seats may act (a simultaneous choice, which a seat may re-commit to until
    // all are in), the one that acted least recently goes, so every seat gets its turn.
    const lastActed = new Map<string, number>();
    try {
      for (;;) {
        const outcome = module.outcome(snapshot);
        if (outcome) {
          summary.finished++;
          if (outcome.winners.length === 0) summary.draws++;
          // A win shared by allies counts for each of them.
          for (const w of outcome.winners) summary.wins[w] = (summary.wins[w] ?? 0) + 1;
          summary.reasons[outcome.reason] = (summary.reasons[outcome.reason] ?? 0) + 1;
          break;
        }
        const seat = (module.deciders(snapshot) as string[])
          .filter((s) => module.legalActions(snapshot, s).length > 0)
          .reduce<string | undefined>(
            (best, s) =>
              best === undefined || (lastActed.get(s) ?? -1) < (lastActed.get(best) ?? -1)
                ? s
                : best,
            undefined,
          );
        if (seat === undefined || played >= maxActions) {
          summary.deadlocks++;
          fail(summary, game, seed, seat ? `still running after ${maxActions} actions` : 'stuck');
          break;
        }
        const legalActions = module.legalActions(snapshot, seat);
        const began = performance.now();
        const { action } = decide(module, {
          view: module.view(snapshot, seat),
          legalActions,
          seat,
          level: levels[seat] as BotLevel,
          seed: `${seed}:${played}`,
          iterations: config.iterations,
        });
        if (legalActions.length > 1) {
          summary.decisions++;
          decisionMs += performance.now() - began;
        }
        snapshot = applyAction(module, snapshot, seat, action);
        lastActed.set(seat, played);
        played++;
      }
    } catch (error) {
      summary.errors++;
      fail(summary, game, seed, error instanceof Error ? error.message : String(error));
    }
    actions += played;
    config.onGame?.(game + 1, summary);
  }
  summary.avgActions = config.games ? round(actions / config.games) : 0;
  summary.decisionMeanMs = summary.decisions ? round(decisionMs / summary.decisions) : 0;
  return summary;
}

function fail(summary: BotSelfplaySummary, game: number, seed: string, message: string): void {
  if (summary.failures.length < 10) summary.failures.push({ game, seed, message });
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
