import { applyAction, newGame, Rng, type AnyGameModule, type GameSnapshot } from '@veil/engine';

export interface SelfplayConfig {
  readonly module: AnyGameModule;
  readonly games: number;
  readonly seed: number;
  /** Game options (e.g. decks); `{}` for the game's defaults. */
  readonly options?: unknown;
  /** A game still running after this many actions counts as a deadlock. */
  readonly maxActions?: number;
  /** Called after each game, for progress output. */
  readonly onGame?: (done: number) => void;
}

export interface SelfplaySummary {
  games: number;
  finished: number;
  /** Wins per seat, also spread as `<seat>Wins` (e.g. `corpWins`). */
  wins: Record<string, number>;
  draws: number;
  reasons: Record<string, number>;
  avgTurns: number | null;
  avgActions: number;
  errors: number;
  deadlocks: number;
  /** The first few failures, to reproduce them: `{game, seed, kind, message}`. */
  failures: { game: number; seed: string; kind: 'error' | 'deadlock'; message: string }[];
  [seatWins: `${string}Wins`]: number;
}

/**
 * Random-legal self-play: every decision is a uniformly random legal action of a random
 * decider, seeded per game, so any game can be replayed from `--seed` and its index. Counts
 * how games end; an exception is an error, a live state where no one can act (or a game that
 * runs past `maxActions`) is a deadlock.
 */
export function selfplay(config: SelfplayConfig): SelfplaySummary {
  const { module } = config;
  const seats = module.seats(config.options ?? {});
  const summary: SelfplaySummary = {
    games: config.games,
    finished: 0,
    wins: Object.fromEntries(seats.map((s) => [s, 0])),
    draws: 0,
    reasons: {},
    avgTurns: null,
    avgActions: 0,
    errors: 0,
    deadlocks: 0,
    failures: [],
  };
  let turns = 0;
  let actions = 0;
  for (let game = 0; game < config.games; game++) {
    const seed = `${config.seed}:${game}`;
    const result = playOne(module, config.options ?? {}, seed, config.maxActions ?? 20_000);
    actions += result.actions;
    if (result.kind === 'finished') {
      summary.finished++;
      if (result.winner === null) summary.draws++;
      else summary.wins[result.winner] = (summary.wins[result.winner] ?? 0) + 1;
      summary.reasons[result.reason] = (summary.reasons[result.reason] ?? 0) + 1;
      if (result.turns !== null) turns += result.turns;
    } else {
      if (result.kind === 'error') summary.errors++;
      else summary.deadlocks++;
      if (summary.failures.length < 10) {
        summary.failures.push({ game, seed, kind: result.kind, message: result.message });
      }
    }
    config.onGame?.(game + 1);
  }
  for (const seat of seats) summary[`${seat}Wins`] = summary.wins[seat] ?? 0;
  summary.avgActions = config.games ? round(actions / config.games) : 0;
  summary.avgTurns = module.turnNumber && summary.finished ? round(turns / summary.finished) : null;
  return summary;
}

type GameResult =
  | {
      kind: 'finished';
      winner: string | null;
      reason: string;
      turns: number | null;
      actions: number;
    }
  | { kind: 'error' | 'deadlock'; message: string; actions: number };

function playOne(
  module: AnyGameModule,
  options: unknown,
  seed: string,
  maxActions: number,
): GameResult {
  const rng = Rng.from(`selfplay:${seed}`);
  let snapshot: GameSnapshot<unknown>;
  let actions = 0;
  try {
    snapshot = newGame(module, options, seed);
    for (;;) {
      const outcome = module.outcome(snapshot);
      if (outcome) {
        const turns = module.turnNumber ? module.turnNumber(snapshot) : null;
        return { kind: 'finished', winner: outcome.winner, reason: outcome.reason, turns, actions };
      }
      if (actions >= maxActions) {
        return { kind: 'deadlock', message: `still running after ${maxActions} actions`, actions };
      }
      const choices = module
        .deciders(snapshot)
        .map((seat) => ({ seat, legal: module.legalActions(snapshot, seat) }))
        .filter((c) => c.legal.length > 0);
      if (choices.length === 0) {
        return {
          kind: 'deadlock',
          message: `no decider has a legal action (state ${JSON.stringify(snapshot.value)})`,
          actions,
        };
      }
      const { seat, legal } = rng.pick(choices);
      snapshot = applyAction(module, snapshot, seat, rng.pick(legal));
      actions++;
    }
  } catch (error) {
    return {
      kind: 'error',
      message: error instanceof Error ? error.message : String(error),
      actions,
    };
  }
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
