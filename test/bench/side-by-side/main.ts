/**
 * Two checkouts of Veil measured in one process, round by round in turn: the Netrunner replay of
 * `netrunner-apply` (apply alone) and the draw-play games of `node-throughput` (a). Each checkout
 * is loaded from its own files (its engine, its rules, its draw-play module), so the comparison
 * is of the code alone; load from other processes falls on both alike, which separate runs could
 * not promise on a shared machine. See docs/benchmarks.md, "Issue 32's speed budget".
 *
 * VEIL_BENCH_BEFORE=/path/to/checkout [VEIL_BENCH_AFTER=/path] npm run bench -- side-by-side
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Rng } from '@veil/engine';
import {
  count,
  cpuMs,
  now,
  progress,
  round,
  say,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';

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

const THIS_CHECKOUT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

async function load(label: string, root: string): Promise<Checkout> {
  const at = (path: string): string => pathToFileURL(join(root, path)).href;
  for (const path of ['libs/engine/src/index.ts', 'libs/games/netrunner/src/index.ts']) {
    if (!existsSync(join(root, path))) throw new Error(`${label}: no ${path} under ${root}`);
  }
  const engine = (await import(at('libs/engine/src/index.ts'))) as Engine;
  const rules = (await import(at('libs/games/netrunner/src/index.ts'))) as {
    netrunner: RulesModule;
  };
  const inProcess = (await import(at('test/bench/node-throughput/inprocess.ts'))) as {
    playInProcess: Checkout['playInProcess'];
  };
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

interface Round {
  before: number;
  after: number;
  ratio: number;
}

/**
 * `rounds` rounds of `work` on both checkouts, in turn (the one going first alternates): each
 * side's rate per CPU-second of the process, and their ratio.
 */
function rounds(
  checkouts: readonly [Checkout, Checkout],
  n: number,
  work: (checkout: Checkout) => number,
): Round[] {
  const out: Round[] = [];
  for (let r = 0; r < n; r++) {
    const order = r % 2 === 0 ? checkouts : ([checkouts[1], checkouts[0]] as const);
    const rate = new Map<Checkout, number>();
    for (const checkout of order) {
      const cpu0 = cpuMs();
      const done = work(checkout);
      rate.set(checkout, (done / (cpuMs() - cpu0)) * 1000);
    }
    const before = rate.get(checkouts[0]) as number;
    const after = rate.get(checkouts[1]) as number;
    out.push({ before: round(before), after: round(after), ratio: round(after / before, 3) });
  }
  return out;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function summary(rows: readonly Round[]): Figures {
  const ratios = rows.map((r) => r.ratio).sort((a, b) => a - b);
  return {
    beforeMedian: round(median(rows.map((r) => r.before))),
    afterMedian: round(median(rows.map((r) => r.after))),
    ratioMedian: round(median(ratios), 3),
    // The middle half of the rounds' ratios: how far one round can be trusted.
    ratioQuartiles: [
      ratios[Math.floor(ratios.length / 4)],
      ratios[Math.floor((ratios.length * 3) / 4)],
    ],
    rounds: rows,
  };
}

export async function main(options: BenchOptions): Promise<Figures> {
  const sizes = options.quick ? QUICK : FULL;
  const beforeRoot = process.env['VEIL_BENCH_BEFORE'];
  if (!beforeRoot) {
    throw new Error('side-by-side: set VEIL_BENCH_BEFORE to the checkout to compare against');
  }
  const afterRoot = process.env['VEIL_BENCH_AFTER'] ?? THIS_CHECKOUT;
  const checkouts = [
    await load('before', resolve(beforeRoot)),
    await load('after', resolve(afterRoot)),
  ] as const;
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
