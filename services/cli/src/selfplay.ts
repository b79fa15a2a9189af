import { applyAction, newGame, Rng, type AnyGameModule, type GameSnapshot } from '@veil/engine';
import { typeWeightsFor, type TypeWeights } from './selfplay-weights.js';

export interface SelfplayConfig {
  readonly module: AnyGameModule;
  readonly games: number;
  readonly seed: number;
  /** Game options (e.g. decks); `{}` for the game's defaults. */
  readonly options?: unknown;
  /**
   * Seat counts: each game seats a seeded-random count in `[min, max]`, its room options being
   * `options` with `seatOptions(count, rng)` laid over them (the game's registry entry).
   */
  readonly seats?: {
    readonly min: number;
    readonly max: number;
    readonly seatOptions: (seats: number, rng: Rng) => Record<string, unknown>;
  };
  /** A game still running after this many actions counts as a deadlock. */
  readonly maxActions?: number;
  /** Called after each game, for progress output. */
  readonly onGame?: (done: number) => void;
  /**
   * How a random decider picks among its legal actions (both seeded, both only legal moves):
   * `by-type` (default) picks an action type (`advance`, `run`, `choose`…) — uniformly, or by
   * `typeWeights` — then a target of that type uniformly, so a type with few targets is not
   * drowned by one with many;
   * `uniform` picks uniformly among all legal actions.
   */
  readonly policy?: SelfplayPolicy;
  /**
   * `by-type` only: relative weights of action types (default 1 each; see selfplay-weights.ts
   * for each game's defaults). Fractions count to the hundredth.
   */
  readonly typeWeights?: TypeWeights;
}

export type SelfplayPolicy = 'by-type' | 'uniform';

export interface SelfplaySummary {
  games: number;
  finished: number;
  /** Wins per seat (a win shared by allies counts for each), also as `<seat>Wins` (`corpWins`). */
  wins: Record<string, number>;
  /** Finished games with several winners (allies winning together). */
  sharedWins: number;
  draws: number;
  reasons: Record<string, number>;
  /** Finished games per winner and reason: `{corp: {agenda_points: 3, flatline: 5}, …}` (`draw`; each winner of a shared win). */
  outcomes: Record<string, Record<string, number>>;
  avgTurns: number | null;
  /** Games per number of seats (`{"6": 100}`; mixed with `seats`). */
  seatCounts: Record<string, number>;
  avgActions: number;
  errors: number;
  deadlocks: number;
  /** The first few failures, to reproduce them: `{game, seed, kind, message}`. */
  failures: { game: number; seed: string; kind: 'error' | 'deadlock'; message: string }[];
  [seatWins: `${string}Wins`]: number;
}

/**
 * Random-legal self-play: every decision is a random legal action of a random decider (see
 * `SelfplayConfig.policy`), seeded per game, so any game can be replayed from `--seed` and its index. Counts
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
    sharedWins: 0,
    draws: 0,
    reasons: {},
    outcomes: {},
    avgTurns: null,
    seatCounts: {},
    avgActions: 0,
    errors: 0,
    deadlocks: 0,
    failures: [],
  };
  let turns = 0;
  let actions = 0;
  for (let game = 0; game < config.games; game++) {
    const seed = `${config.seed}:${game}`;
    const options = gameOptions(config, seed);
    const seatCount = String(module.seats(options).length);
    summary.seatCounts[seatCount] = (summary.seatCounts[seatCount] ?? 0) + 1;
    const result = playOne(
      module,
      options,
      seed,
      config.maxActions ?? 20_000,
      config.policy ?? 'by-type',
      config.typeWeights ?? typeWeightsFor(module.id),
    );
    actions += result.actions;
    if (result.kind === 'finished') {
      summary.finished++;
      if (result.winners.length === 0) summary.draws++;
      if (result.winners.length > 1) summary.sharedWins++;
      summary.reasons[result.reason] = (summary.reasons[result.reason] ?? 0) + 1;
      for (const winner of result.winners.length ? result.winners : ['draw']) {
        if (winner !== 'draw') summary.wins[winner] = (summary.wins[winner] ?? 0) + 1;
        const byWinner = (summary.outcomes[winner] ??= {});
        byWinner[result.reason] = (byWinner[result.reason] ?? 0) + 1;
      }
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

/** The room options of one game: the configured ones, with its seat count's laid over them. */
function gameOptions(config: SelfplayConfig, seed: string): unknown {
  const base = config.options ?? {};
  if (!config.seats) return base;
  const { min, max, seatOptions } = config.seats;
  const rng = Rng.from(`selfplay-seats:${seed}`);
  const seats = min + rng.int(max - min + 1);
  return { ...(base as Record<string, unknown>), ...seatOptions(seats, rng) };
}

type GameResult =
  | {
      kind: 'finished';
      winners: readonly string[];
      reason: string;
      turns: number | null;
      actions: number;
    }
  | { kind: 'error' | 'deadlock'; message: string; actions: number };

export function playOne(
  module: AnyGameModule,
  options: unknown,
  seed: string,
  maxActions: number,
  policy: SelfplayPolicy,
  weights: TypeWeights,
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
        const { winners, reason } = outcome;
        return { kind: 'finished', winners, reason, turns, actions };
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
      const action = policy === 'uniform' ? rng.pick(legal) : pickByType(rng, legal, weights);
      snapshot = applyAction(module, snapshot, seat, action);
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

/**
 * A random action type first — each type with its weight (default 1); actions are grouped by
 * their `type` field in the order the module lists them, an action without one is its own
 * group — then a random action of that type.
 */
export function pickByType<A>(rng: Rng, legal: readonly A[], weights: TypeWeights = {}): A {
  const groups = new Map<unknown, A[]>();
  legal.forEach((action, i) => {
    const type =
      action !== null && typeof action === 'object' && 'type' in action
        ? (action as { type: unknown }).type
        : i;
    const group = groups.get(type);
    if (group) group.push(action);
    else groups.set(type, [action]);
  });
  const entries = [...groups];
  // Fractional weights (Dune's 0.1 for bribes) count in hundredths; integer weights draw as
  // they always did, so a seed replays the same game.
  const scale = Object.values(weights).every(Number.isInteger) ? 1 : 100;
  const weightOf = (type: unknown) =>
    Math.max(0, Math.round((typeof type === 'string' ? (weights[type] ?? 1) : 1) * scale));
  const total = entries.reduce((sum, [type]) => sum + weightOf(type), 0);
  if (total <= 0) return rng.pick(rng.pick(entries)[1]);
  let r = rng.int(total);
  for (const [type, group] of entries) {
    r -= weightOf(type);
    if (r < 0) return rng.pick(group);
  }
  return rng.pick(legal);
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
