import { rmSync } from 'node:fs';
import path from 'node:path';
import { EXPERT, GREEDY, ISMCTS, type BotLevel } from '@veil/ai';
import type { Faction } from '@veil/dune';
import { progress, round, say, type BenchOptions, type Figures } from '../common/bench.js';
import { appendResult, ladderRun, playsDeal, playsPair, readResults } from '../ladder/run.js';
import { sprt, wilson } from '../ladder/stats.js';
import { playDuneGame, type Budgets, type PerLevel } from './match.js';
import { FACTIONS } from './factions.js';
import { DUNE_SPRT, winShare } from './score.js';

/** Each pair: the level under test first (one seat), the level below second (three seats). */
const PAIRS: readonly (readonly [BotLevel, BotLevel])[] = [
  ['greedy', 'random'],
  ['ismcts', 'greedy'],
  ['expert', 'ismcts'],
];

/** One finished game, as a line of the results file. */
interface Line {
  readonly pair: string;
  readonly deal: number;
  /** The faction the level under test played. */
  readonly faction: Faction;
  /** Its win share (score.ts). */
  readonly score: number;
  readonly winners: readonly string[];
  readonly reason: string;
  readonly actions: number;
  readonly turn: number;
  readonly decisions: number;
  /** Decisions the wall-clock cap cut short. */
  readonly cut: number;
  /** Decisions with a choice per level, and their wall time in ms. */
  readonly perLevel: PerLevel;
  /** The settings the game was played at: a summary counts only games of the current ones. */
  readonly config: string;
}

/**
 * Bot strength on Dune (docs/ai.md, "Dune"): 4-seat games on seeded deals, the level under
 * test at one faction and the level below at the other three, each deal played four times so
 * the level under test plays each faction once. Per pair: the mean win share with its Wilson
 * 95 % interval and an SPRT against the fair share (H0 25 %, H1 30 %, α = β = 0.05, capped
 * at 3,000 games), which stops the pair once decided.
 *
 * Resumable (../ladder/run.ts): every game is appended to a results file
 * (`VEIL_DUNE_LADDER_RESULTS`, default `.veil/ladder/dune-results.jsonl`), and a rerun plays only
 * what is missing at the same settings; `VEIL_LADDER_MINUTES` (when the last game starts),
 * `VEIL_LADDER_PAIRS`, `VEIL_LADDER_FIRST_DEAL` and `VEIL_LADDER_SHARD` as for every ladder run
 * (processes sharing a file reread it before every game). `VEIL_LADDER_ITERATIONS=N` sets the search
 * levels' budget and `VEIL_DUNE_LADDER_GREEDY=N` greedy's determinizations, or
 * `VEIL_DUNE_LADDER_SCALE=k` scales every level's own budget by k (the others override it);
 * `VEIL_DUNE_LADDER_TURNS` (default 10) the game length; `VEIL_DUNE_LADDER_CAP_MS` (default
 * 30,000) the per-decision safety cap, whose cuts are counted. `--quick`: one deal per pair (4
 * games) of 2 turns, budgets cut to 8 iterations (greedy 1 determinization), a fresh results
 * file — a smoke run of the machinery, not a strength measurement.
 */
export async function main(options: BenchOptions): Promise<Figures> {
  const quick = options.quick;
  const env = process.env;
  const maxDeals = quick ? 1 : Math.ceil(DUNE_SPRT.cap / FACTIONS.length);
  const run = ladderRun(env, {
    quick,
    fileVariable: 'VEIL_DUNE_LADDER_RESULTS',
    defaultFile: path.join('.veil', 'ladder', 'dune-results.jsonl'),
    maxDeals,
  });
  const file = run.file;
  const budgets = quick ? { greedy: 1, ismcts: 8, expert: 8 } : budgetsFrom(env);
  const turns = quick ? 2 : positive(env['VEIL_DUNE_LADDER_TURNS'], 10);
  const capMs = positive(env['VEIL_DUNE_LADDER_CAP_MS'], 30_000);
  const config = JSON.stringify({ turns, budgets });
  const pairs = PAIRS.filter(([a, b]) => playsPair(run, a, b));
  const atConfig = () => readResults<Line>(file).filter((l) => l.config === config);
  let lines = atConfig();
  progress(`results in ${file} (${lines.length} games at ${config}), decision cap ${capMs} ms`);
  // Deal by deal across the pairs still undecided, so a bounded run advances every pair.
  let timedOut = false;
  for (let deal = run.firstDeal; deal < maxDeals && !timedOut; deal++) {
    if (!playsDeal(run, deal)) continue;
    for (const [a, b] of pairs) {
      const pair = `${a}-${b}`;
      for (const faction of FACTIONS) {
        if (!quick) lines = atConfig();
        const mine = lines.filter((l) => l.pair === pair);
        const scores = mine.map((l) => l.score);
        if (!quick && sprt(scores, DUNE_SPRT).verdict !== 'continue') break;
        if (mine.some((l) => l.deal === deal && l.faction === faction)) continue;
        if (Date.now() >= run.stopAt) {
          timedOut = true;
          break;
        }
        const levels = Object.fromEntries(FACTIONS.map((f) => [f, f === faction ? a : b]));
        const result = playDuneGame({
          deal: `dune-ladder:${deal}`,
          factions: FACTIONS,
          levels,
          turns,
          budgets,
          capMs,
        });
        const line: Line = {
          pair,
          deal,
          faction,
          score: winShare(result.winners, faction, FACTIONS.length),
          winners: result.winners,
          reason: result.reason,
          actions: result.actions,
          turn: result.turn,
          decisions: result.decisions,
          cut: result.cut,
          perLevel: result.perLevel,
          config,
        };
        appendResult(file, line);
        lines.push(line);
        progress(
          `${pair} deal ${deal} (${a} as ${faction}): ${round(line.score, 3)} — won by ${result.winners.join('+') || 'nobody'} (${result.reason}, turn ${result.turn}, ${result.actions} actions, ${result.cut} cut)`,
        );
      }
    }
  }
  const figures: Figures = {
    smokeRunOnly: quick,
    factions: FACTIONS,
    turns,
    budgets,
    capMs,
    resultsFile: file,
    timedOut,
    pairs: summarize(pairs, lines),
  };
  if (quick) rmSync(file, { force: true });
  return figures;
}

function budgetsFrom(env: NodeJS.ProcessEnv): Budgets {
  const out: Budgets = {};
  // Every level's own budget scaled alike, so the levels keep their proportions.
  const scale = env['VEIL_DUNE_LADDER_SCALE'];
  if (scale) {
    const k = Number(scale);
    if (!(k > 0 && k <= 1)) throw new RangeError('VEIL_DUNE_LADDER_SCALE must be in (0, 1]');
    out.greedy = Math.max(1, Math.round(GREEDY.samples * k));
    out.ismcts = Math.max(1, Math.round(ISMCTS.iterations * k));
    out.expert = Math.max(1, Math.round(EXPERT.iterations * k));
  }
  const iterations = env['VEIL_LADDER_ITERATIONS'];
  if (iterations) {
    out.ismcts = positive(iterations, 1);
    out.expert = positive(iterations, 1);
  }
  const greedy = env['VEIL_DUNE_LADDER_GREEDY'];
  if (greedy) out.greedy = positive(greedy, 1);
  return out;
}

/** A positive integer setting, or `fallback` when unset; anything else is refused. */
function positive(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`not a positive integer: ${value}`);
  return n;
}

function summarize(pairs: readonly (readonly [BotLevel, BotLevel])[], lines: readonly Line[]) {
  const out: Record<string, unknown> = {};
  say(
    'pair              games  win share  95 % Wilson      SPRT (LLR, verdict)  wins (allied too)  cut',
  );
  for (const [a, b] of pairs) {
    const pair = `${a}-${b}`;
    const mine = lines.filter((l) => l.pair === pair);
    const n = mine.length;
    const total = mine.reduce((sum, l) => sum + l.score, 0);
    const { low, high } = wilson(total, n);
    const test = sprt(
      mine.map((l) => l.score),
      DUNE_SPRT,
    );
    const wins = mine.filter((l) => l.winners.includes(l.faction)).length;
    const byFaction = Object.fromEntries(
      FACTIONS.map((f) => {
        const games = mine.filter((l) => l.faction === f);
        const share = games.reduce((s, l) => s + l.score, 0);
        return [
          f,
          { games: games.length, share: round(games.length ? share / games.length : NaN, 3) },
        ];
      }),
    );
    const figure = {
      games: n,
      score: round(n ? total / n : NaN, 3),
      wilsonLow: round(low, 3),
      wilsonHigh: round(high, 3),
      llr: round(test.llr, 3),
      verdict: test.verdict,
      wins,
      winRate: round(n ? wins / n : NaN, 3),
      byFaction,
      reasons: countBy(mine.map((l) => l.reason)),
      meanActions: round(n ? mine.reduce((s, l) => s + l.actions, 0) / n : NaN),
      decisions: mine.reduce((s, l) => s + l.decisions, 0),
      cutDecisions: mine.reduce((s, l) => s + l.cut, 0),
      meanDecisionMs: meanDecisionMs(mine),
    };
    out[pair] = figure;
    say(
      `${pair.padEnd(17)} ${String(n).padStart(5)}  ${pct(figure.score)}  ${pct(low)}–${pct(high)}  ${String(figure.llr).padStart(7)} ${test.verdict.padEnd(8)}  ${`${wins}/${n}`.padStart(9)}  ${figure.cutDecisions}`,
    );
  }
  say(
    `win share: 1 alone, 1/k in a win shared by k allies, 0 a loss, 1/4 nobody's; SPRT H0 ${DUNE_SPRT.p0}, H1 ${DUNE_SPRT.p1}, α = β = ${DUNE_SPRT.alpha}, cap ${DUNE_SPRT.cap}; bounds ±${round(Math.log(19), 3)}`,
  );
  return out;
}

/** Mean wall time of a decision with a choice, per level, over the games. */
function meanDecisionMs(lines: readonly Line[]): Record<string, number> {
  const sums = new Map<string, { decisions: number; ms: number }>();
  for (const l of lines) {
    for (const [level, t] of Object.entries(l.perLevel)) {
      const sum = sums.get(level) ?? { decisions: 0, ms: 0 };
      sums.set(level, { decisions: sum.decisions + t.decisions, ms: sum.ms + t.ms });
    }
  }
  return Object.fromEntries(
    [...sums].map(([level, t]) => [level, round(t.decisions ? t.ms / t.decisions : NaN)]),
  );
}

function pct(x: number): string {
  return Number.isFinite(x) ? `${(x * 100).toFixed(1)} %`.padStart(7) : '    n/a';
}

function countBy(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
