import { rmSync } from 'node:fs';
import path from 'node:path';
import type { AnyGameModule } from '@veil/engine';
import { netrunner } from '@veil/netrunner';
import { progress, round, say, type BenchOptions, type Figures } from '../common/bench.js';
import { playGame, type Budgets, type Entrant } from './match.js';
import { appendResult, ladderRun, playsDeal, playsPair, readResults } from './run.js';
import { LADDER_SPRT, sprt, wilson } from './stats.js';

const module = netrunner as unknown as AnyGameModule;
const SEATS = ['corp', 'runner'] as const;

/** Each pair: the entrant under test first, the one it should beat second. */
const PAIRS: readonly (readonly [Entrant, Entrant])[] = [
  ['greedy', 'random'],
  ['ismcts', 'greedy'],
  ['expert', 'ismcts'],
  ['expert', 'cheat'],
];

/** One finished game, as a line of the results file. */
interface Line {
  readonly pair: string;
  readonly deal: number;
  /** The seat the first entrant played. */
  readonly firstAs: (typeof SEATS)[number];
  /** The first entrant's score: 1 win, ½ draw, 0 loss. */
  readonly score: number;
  readonly reason: string;
  readonly actions: number;
}

/**
 * Bot strength (docs/ai.md): seeded Netrunner games on the default decks between adjacent
 * levels — and `expert` against the benchmark's cheating UCT — each deal played twice with the
 * sides swapped. Per pair: the score with its Wilson 95 % interval and an SPRT (H0 50 %, H1
 * 55 %, α = β = 0.05, capped at 3,000 games), which stops the pair once decided.
 *
 * Resumable (run.ts): every game is appended to a results file (`VEIL_LADDER_RESULTS`, default
 * `.veil/ladder/results.jsonl`), and a rerun plays only what is missing; `VEIL_LADDER_MINUTES`,
 * `VEIL_LADDER_PAIRS`, `VEIL_LADDER_FIRST_DEAL` and `VEIL_LADDER_SHARD` as for every ladder run
 * (processes sharing a file reread it before every game, so all stop once a pair is decided).
 * `VEIL_LADDER_ITERATIONS=N` overrides the search levels' (and the cheat's) budget.
 * `--quick`: 4 deals per pair (8 games), budgets cut to 16 iterations (greedy 2 samples), a
 * fresh results file — a smoke run of the machinery, not a strength measurement.
 */
export async function main(options: BenchOptions): Promise<Figures> {
  const quick = options.quick;
  const env = process.env;
  const maxDeals = quick ? 4 : LADDER_SPRT.cap / 2;
  const run = ladderRun(env, {
    quick,
    fileVariable: 'VEIL_LADDER_RESULTS',
    defaultFile: path.join('.veil', 'ladder', 'results.jsonl'),
    maxDeals,
  });
  const file = run.file;
  const iterations = env['VEIL_LADDER_ITERATIONS']
    ? Number(env['VEIL_LADDER_ITERATIONS'])
    : undefined;
  const budgets: Budgets = quick
    ? { greedy: 2, ismcts: 16, expert: 16, cheat: 16 }
    : iterations
      ? { ismcts: iterations, expert: iterations, cheat: iterations }
      : {};
  const pairs = PAIRS.filter(([a, b]) => playsPair(run, a, b));
  let lines = readResults<Line>(file);
  const budgetNote = JSON.stringify(budgets);
  progress(`results in ${file} (${lines.length} games already), budgets ${budgetNote}`);
  // Deal by deal across the pairs still undecided, so a bounded run advances every pair.
  let timedOut = false;
  for (let deal = run.firstDeal; deal < maxDeals && !timedOut; deal++) {
    if (!playsDeal(run, deal)) continue;
    for (const [a, b] of pairs) {
      const pair = `${a}-${b}`;
      for (const firstAs of SEATS) {
        if (!quick) lines = readResults<Line>(file);
        const mine = lines.filter((l) => l.pair === pair);
        if (!quick && sprt(mine.map((l) => l.score)).verdict !== 'continue') break;
        if (mine.some((l) => l.deal === deal && l.firstAs === firstAs)) continue;
        if (Date.now() >= run.stopAt) {
          timedOut = true;
          break;
        }
        const players = firstAs === 'corp' ? { corp: a, runner: b } : { corp: b, runner: a };
        const result = playGame(module, `ladder:${deal}`, players, budgets);
        const { winners } = result;
        const score = winners.length === 0 ? 0.5 : winners.includes(firstAs) ? 1 : 0;
        const line: Line = {
          pair,
          deal,
          firstAs,
          score,
          reason: result.reason,
          actions: result.actions,
        };
        appendResult(file, line);
        lines.push(line);
        progress(
          `${pair} deal ${deal} (${a} as ${firstAs}): ${score} by ${result.reason}, ${result.actions} actions`,
        );
      }
    }
  }
  const figures: Figures = { budgets, resultsFile: file, timedOut, pairs: summarize(pairs, lines) };
  if (quick) rmSync(file, { force: true });
  return figures;
}

function summarize(pairs: readonly (readonly [Entrant, Entrant])[], lines: readonly Line[]) {
  const out: Record<string, unknown> = {};
  say(
    'pair                 games  score   95 % Wilson       SPRT (LLR, verdict)   as corp / as runner',
  );
  for (const [a, b] of pairs) {
    const pair = `${a}-${b}`;
    const mine = lines.filter((l) => l.pair === pair);
    const total = mine.reduce((sum, l) => sum + l.score, 0);
    const n = mine.length;
    const { low, high } = wilson(total, n);
    const test = sprt(mine.map((l) => l.score));
    const asCorp = mine.filter((l) => l.firstAs === 'corp');
    const asRunner = mine.filter((l) => l.firstAs === 'runner');
    const rate = (ls: readonly Line[]) =>
      ls.length ? ls.reduce((s, l) => s + l.score, 0) / ls.length : NaN;
    const figure = {
      games: n,
      score: round(n ? total / n : NaN, 3),
      wilsonLow: round(low, 3),
      wilsonHigh: round(high, 3),
      llr: round(test.llr, 3),
      verdict: test.verdict,
      asCorp: round(rate(asCorp), 3),
      asRunner: round(rate(asRunner), 3),
      reasons: countBy(mine.map((l) => l.reason)),
    };
    out[pair] = figure;
    say(
      `${pair.padEnd(20)} ${String(n).padStart(5)}  ${pct(figure.score)}  ${pct(low)}–${pct(high)}  ${String(figure.llr).padStart(7)} ${test.verdict.padEnd(8)}  ${pct(figure.asCorp)} / ${pct(figure.asRunner)}`,
    );
  }
  say(
    `SPRT: H0 ${LADDER_SPRT.p0}, H1 ${LADDER_SPRT.p1}, α = β = ${LADDER_SPRT.alpha}, cap ${LADDER_SPRT.cap}; bounds ±${round(Math.log(19), 3)}`,
  );
  return out;
}

function pct(x: number): string {
  return Number.isFinite(x) ? `${(x * 100).toFixed(1)} %`.padStart(7) : '    n/a';
}

function countBy(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
