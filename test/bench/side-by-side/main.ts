/**
 * Two checkouts of Veil measured in one process, round by round in turn: the Netrunner replay of
 * `netrunner-apply` (apply alone) and the draw-play games of `node-throughput` (a). Each checkout
 * is loaded from its own files (its engine, its rules, its draw-play module), so the comparison
 * is of the code alone; load from other processes falls on both alike, which separate runs could
 * not promise on a shared machine. See docs/benchmarks.md, "Issue 32's speed budget".
 *
 * VEIL_BENCH_BEFORE=/path/to/checkout [VEIL_BENCH_AFTER=/path] npm run bench -- side-by-side
 */
import { Rng } from '@veil/engine';
import {
  count,
  now,
  progress,
  round,
  say,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';
import { checkoutRoots, importFrom, rounds, summary } from './checkouts.js';

/** What the harness uses of a checkout: the module contract, nothing of its internals. */
interface Engine {
  newGame(module: unknown, options: unknown, seed: string): Snapshot;
  applyAction(module: unknown, snapshot: Snapshot, seat: string, action: unknown): Snapshot;
}
interface Snapshot {
  status: string;
  context: { log: readonly unknown[] };
}
interface RulesModule {
  deciders(snapshot: Snapshot): readonly string[];
  legalActions(snapshot: Snapshot, seat: string): readonly unknown[];
  outcome(snapshot: Snapshot): unknown;
}
interface Checkout {
  label: string;
  root: string;
  engine: Engine;
  netrunner: RulesModule;
  playInProcess(ids: readonly string[], movesPerMatch: number): { moves: number };
}

interface Sizes {
  /** Netrunner games recorded per checkout, each replayed once a round. */
  games: number;
  /** Draw-play matches (100 moves each) per checkout per round. */
  matches: number;
  /** Rounds of each part; the figure is the median of the rounds' ratios. */
  rounds: number;
}
const FULL: Sizes = { games: 40, matches: 200, rounds: 21 };
const QUICK: Sizes = { games: 10, matches: 50, rounds: 7 };
const MAX_ACTIONS_PER_GAME = 5_000;
const DRAWPLAY_MOVES = 100;

async function load(label: string, root: string): Promise<Checkout> {
  const engine = await importFrom<Engine>(label, root, 'libs/engine/src/index.ts');
  const rules = await importFrom<{ netrunner: RulesModule }>(
    label,
    root,
    'libs/games/netrunner/src/index.ts',
  );
  const inProcess = await importFrom<Pick<Checkout, 'playInProcess'>>(
    label,
    root,
    'test/bench/node-throughput/inprocess.ts',
  );
  return {
    label,
    root,
    engine,
    netrunner: rules.netrunner,
    playInProcess: inProcess.playInProcess,
  };
}

interface Recorded {
  first: Snapshot;
  moves: { seat: string; action: unknown }[];
  logLength: number;
}

/**
 * Random self-play with the checkout's own rules (the same seeds and the same picking stream for
 * both): the games differ where the rules do, so the figure is a rate per action over each
 * checkout's own games.
 */
function record(checkout: Checkout, games: number, prefix: string): Recorded[] {
  const { engine, netrunner } = checkout;
  const recorded: Recorded[] = [];
  for (let game = 0; game < games; game++) {
    const rng = Rng.from(`bench:side-by-side:${prefix}:${game}`);
    const first = engine.newGame(netrunner, {}, `bench:${prefix}:${game}`);
    const moves: Recorded['moves'] = [];
    let snapshot = first;
    while (snapshot.status === 'active' && netrunner.outcome(snapshot) === null) {
      if (moves.length >= MAX_ACTIONS_PER_GAME) break;
      const seat = rng.pick(netrunner.deciders(snapshot));
      const action = rng.pick(netrunner.legalActions(snapshot, seat));
      snapshot = engine.applyAction(netrunner, snapshot, seat, action);
      moves.push({ seat, action });
    }
    recorded.push({ first, moves, logLength: snapshot.context.log.length });
  }
  return recorded;
}

/** Every recorded game replayed once with nothing but `applyAction` in the loop. */
function replay(checkout: Checkout, games: readonly Recorded[]): number {
  const { engine, netrunner } = checkout;
  let actions = 0;
  for (const game of games) {
    let snapshot = game.first;
    for (const move of game.moves)
      snapshot = engine.applyAction(netrunner, snapshot, move.seat, move.action);
    if (snapshot.context.log.length !== game.logLength) {
      throw new Error(`${checkout.label}: a replayed game diverged from its first play`);
    }
    actions += game.moves.length;
  }
  return actions;
}

export async function main(options: BenchOptions): Promise<Figures> {
  const sizes = options.quick ? QUICK : FULL;
  const roots = checkoutRoots('side-by-side');
  const checkouts = [await load('before', roots.before), await load('after', roots.after)] as const;
  progress(`side-by-side: before ${checkouts[0].root}, after ${checkouts[1].root}`);

  // Warm-up: each checkout records games of other seeds and replays them in turn with the
  // other, untimed, as long as the measured rounds. V8 compiles in tiers on one background
  // thread: on a loaded machine a checkout's rate was still climbing (by 3x) after three
  // passes, and the first rounds of a short warm-up read whichever tree had been compiled first.
  const warm = checkouts.map((c) => record(c, sizes.games, 'warm-up'));
  const warmIds = Array.from({ length: sizes.matches }, (_, i) => `warm-${i}`);
  for (let r = 0; r < sizes.rounds; r++) {
    checkouts.forEach((c, i) => replay(c, warm[i] as Recorded[]));
    for (const c of checkouts) c.playInProcess(warmIds, DRAWPLAY_MOVES);
  }
  const games = checkouts.map((c) => record(c, sizes.games, 'measured'));
  const actions = games.map((g) => g.reduce((n, game) => n + game.moves.length, 0));
  progress(
    `netrunner: ${sizes.games} games per checkout (${count(actions[0] as number)} and ` +
      `${count(actions[1] as number)} actions), ${sizes.rounds} rounds`,
  );
  const wall0 = now();
  const netrunner = rounds(checkouts, sizes.rounds, (c) =>
    replay(c, games[c === checkouts[0] ? 0 : 1] as Recorded[]),
  );
  progress(`draw-play: ${sizes.matches} matches per checkout, ${sizes.rounds} rounds`);
  const ids = Array.from({ length: sizes.matches }, (_, i) => `match-${i}`);
  const drawPlay = rounds(
    checkouts,
    sizes.rounds,
    (c) => c.playInProcess(ids, DRAWPLAY_MOVES).moves,
  );

  const figures = {
    before: checkouts[0].root,
    after: checkouts[1].root,
    netrunnerActions: { before: actions[0], after: actions[1] },
    netrunnerApply: summary(netrunner),
    drawPlayInProcess: summary(drawPlay),
    measuredSeconds: round((now() - wall0) / 1000, 1),
  };
  say();
  table('after ÷ before, per CPU-second of this process (median of the rounds)', [
    [
      'Netrunner replay (netrunner-apply)',
      `${figures.netrunnerApply['ratioMedian']} (before ${count(figures.netrunnerApply['beforeMedian'] as number)}, after ${count(figures.netrunnerApply['afterMedian'] as number)} actions/s)`,
    ],
    [
      'draw-play in-process (node-throughput (a))',
      `${figures.drawPlayInProcess['ratioMedian']} (before ${count(figures.drawPlayInProcess['beforeMedian'] as number)}, after ${count(figures.drawPlayInProcess['afterMedian'] as number)} moves/s)`,
    ],
  ]);
  return figures;
}
