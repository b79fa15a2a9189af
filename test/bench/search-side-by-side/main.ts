/**
 * The bots' search in two checkouts of Veil, in one process, round by round in turn: `ismcts`
 * decisions at the level's own budget on the saved midgame positions of `ai-speed` (Netrunner)
 * and `dune-ai-speed` (Dune, ordinary and huge legal lists alike). Each checkout is loaded from
 * its own files (its search, rules and positions' recipe). Per round each side's decisions per
 * CPU-second of the process; reported: the median of the rounds' after ÷ before ratios, and
 * whether both checkouts chose the same actions (a change meant only to be faster must not
 * change a choice: same view, seed and budget ⇒ same action).
 *
 * VEIL_BENCH_BEFORE=/path/to/checkout [VEIL_BENCH_AFTER=/path] npm run bench -- search-side-by-side
 */
import { createHash } from 'node:crypto';
import {
  now,
  progress,
  round,
  say,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';
import { checkoutRoots, importFrom, rounds, summary } from '../side-by-side/checkouts.js';

/** What the harness uses of a checkout: the module contract and `decide`, nothing else. */
interface Module {
  view(snapshot: unknown, seat: string): unknown;
  legalActions(snapshot: unknown, seat: string): unknown[];
}
interface Position {
  snapshot: unknown;
  seat: string;
  where: string;
}
type Decide = (
  module: Module,
  input: { view: unknown; legalActions: unknown[]; seat: string; level: 'ismcts'; seed: string },
) => { action: unknown; iterations: number };

interface Checkout {
  label: string;
  root: string;
  decide: Decide;
  games: Record<Game, { module: Module; positions: Position[] }>;
}
type Game = 'netrunner' | 'dune';

interface Sizes {
  /** Netrunner positions, and Dune positions of each kind (ordinary, huge legal list). */
  netrunner: number;
  dune: number;
  /** Rounds of each game; the figure is the median of the rounds' ratios. */
  rounds: number;
}
const FULL: Sizes = { netrunner: 20, dune: 10, rounds: 11 };
const QUICK: Sizes = { netrunner: 6, dune: 3, rounds: 5 };

async function load(label: string, root: string, sizes: Sizes): Promise<Checkout> {
  const ai = await importFrom<{ decide: Decide }>(label, root, 'libs/ai/src/index.ts');
  const { netrunner } = await importFrom<{ netrunner: Module }>(
    label,
    root,
    'libs/games/netrunner/src/index.ts',
  );
  const { dune } = await importFrom<{ dune: Module }>(label, root, 'libs/games/dune/src/index.ts');
  const nr = await importFrom<{ midgamePositions(count: number): Position[] }>(
    label,
    root,
    'test/bench/ai-speed/positions.ts',
  );
  const du = await importFrom<{
    dunePositions(count: number): { ordinary: Position[]; huge: Position[] };
  }>(label, root, 'test/bench/dune-ai-speed/positions.ts');
  const dunePositions = du.dunePositions(sizes.dune);
  return {
    label,
    root,
    decide: ai.decide,
    games: {
      netrunner: { module: netrunner, positions: nr.midgamePositions(sizes.netrunner) },
      dune: { module: dune, positions: [...dunePositions.ordinary, ...dunePositions.huge] },
    },
  };
}

/** One decision per position; the chosen actions and iterations, for the same-choice check. */
function decideAll(checkout: Checkout, game: Game): { choices: string[]; iterations: number } {
  const { module, positions } = checkout.games[game];
  const choices: string[] = [];
  let iterations = 0;
  for (const p of positions) {
    const decision = checkout.decide(module, {
      view: module.view(p.snapshot, p.seat),
      legalActions: module.legalActions(p.snapshot, p.seat),
      seat: p.seat,
      level: 'ismcts',
      seed: `search-side-by-side:${p.where}`,
    });
    choices.push(JSON.stringify(decision.action));
    iterations += decision.iterations;
  }
  return { choices, iterations };
}

const digest = (choices: readonly string[]): string =>
  createHash('sha256').update(choices.join('\n')).digest('hex').slice(0, 16);

export async function main(options: BenchOptions): Promise<Figures> {
  const sizes = options.quick ? QUICK : FULL;
  const roots = checkoutRoots('search-side-by-side');
  progress('building the positions in each checkout');
  const checkouts = [
    await load('before', roots.before, sizes),
    await load('after', roots.after, sizes),
  ] as const;
  progress(`search-side-by-side: before ${checkouts[0].root}, after ${checkouts[1].root}`);
  const figures: Figures = { before: checkouts[0].root, after: checkouts[1].root };
  const wall0 = now();
  const rows: [string, string][] = [];
  for (const game of ['netrunner', 'dune'] as const) {
    // Warm-up as long as the measurement (V8 compiles in tiers on one background thread),
    // and the same-choice check on its first pass.
    const first = checkouts.map((c) => decideAll(c, game));
    for (let r = 1; r < sizes.rounds; r++) for (const c of checkouts) decideAll(c, game);
    const positions = checkouts[0].games[game].positions.length;
    progress(`${game}: ${positions} positions per checkout, ${sizes.rounds} rounds`);
    const measured = summary(
      rounds(checkouts, sizes.rounds, (c) => decideAll(c, game).choices.length),
    );
    const [before, after] = first as [ReturnType<typeof decideAll>, ReturnType<typeof decideAll>];
    const sameChoices = digest(before.choices) === digest(after.choices);
    figures[game] = {
      positions,
      ...measured,
      sameChoices,
      choices: { before: digest(before.choices), after: digest(after.choices) },
      iterations: { before: before.iterations, after: after.iterations },
    };
    rows.push([
      `${game}: ismcts decisions`,
      `${measured['ratioMedian']} (before ${measured['beforeMedian']}, after ${measured['afterMedian']} decisions/s; ` +
        `${sameChoices ? 'the same choices' : 'DIFFERENT choices'}, ${before.iterations} and ${after.iterations} iterations)`,
    ]);
  }
  figures['measuredSeconds'] = round((now() - wall0) / 1000, 1);
  say();
  table('after ÷ before, per CPU-second of this process (median of the rounds)', rows);
  return figures;
}
