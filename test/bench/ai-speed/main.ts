import { decide, EXPERT, ISMCTS, nextTurn, search, type SearchSettings } from '@veil/ai';
import { applyAction, Rng, type AnyGameModule, type GameSnapshot } from '@veil/engine';
import { netrunner } from '@veil/netrunner';
import {
  cpuMs,
  now,
  percentile,
  progress,
  round,
  say,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';
import { midgamePositions, type Position } from './positions.js';

const module = netrunner as unknown as AnyGameModule;

/**
 * Bot speed on saved midgame Netrunner positions (positions.ts): per level, the decision time
 * (p50/p95, wall) at its full budget and, for the searches, iterations and rules steps per
 * CPU-second; beside them, in the same process, the raw rules rate of the rollout policy alone
 * (determinized states played out move by move: list, pick, apply), so the search's overhead
 * over the rules steps it makes is a ratio (docs/ai.md).
 */
export async function main(options: BenchOptions): Promise<Figures> {
  const count = options.quick ? 20 : 40;
  progress(`building ${count} midgame positions`);
  const positions = midgamePositions(count);
  progress('warming up');
  // Every position once at each level's settings, and the raw loop: V8 optimizes in tiers
  // over the first seconds, and whichever part ran first would otherwise pay for it.
  for (const p of positions) {
    runSearch(p, { ...ISMCTS, iterations: 60 }, 'warm');
    runSearch(p, { ...EXPERT, iterations: 60 }, 'warm');
  }
  rawRulesRate(positions, 10_000);
  // The raw rate before and after the searches (V8 keeps optimizing meanwhile): the overhead
  // ratio is taken against the faster of the two, so a cold raw run never flatters the search.
  const steps = options.quick ? 20_000 : 60_000;
  const rawBefore = rawRulesRate(positions, steps);
  const searches = (['ismcts', 'expert'] as const).map((level) => {
    const settings = level === 'ismcts' ? ISMCTS : EXPERT;
    progress(`${level}: ${positions.length} decisions of ${settings.iterations} iterations`);
    return [level, searchFigures(positions, settings)] as const;
  });
  const rawAfter = rawRulesRate(positions, steps);
  const raw = rawAfter.microsPerStep < rawBefore.microsPerStep ? rawAfter : rawBefore;
  const figures: Figures = { positions: positions.length, raw, rawBefore, rawAfter };
  for (const [level, f] of searches) {
    figures[level] = { ...f, overheadRatio: round(f.searchMicrosPerStep / raw.microsPerStep, 2) };
  }
  for (const level of ['random', 'greedy'] as const) {
    const ms = positions.map((p) => {
      const input = inputFor(p, 'timed');
      const began = now();
      decide(netrunner, { ...input, level });
      return now() - began;
    });
    figures[level] = latency(ms);
  }
  report(figures);
  return figures;
}

function inputFor(p: Position, seed: string) {
  return {
    view: netrunner.view(p.snapshot, p.seat),
    legalActions: netrunner.legalActions(p.snapshot, p.seat),
    seat: p.seat,
    seed: `${seed}:${p.where}`,
  };
}

function runSearch(p: Position, settings: SearchSettings, seed: string) {
  const input = inputFor(p, seed);
  return search(module, { ...input, settings, rng: Rng.from(input.seed) });
}

/** The rollout policy alone from determinized positions: what one rules step costs. */
function rawRulesRate(positions: readonly Position[], steps: number) {
  const rng = Rng.from('raw');
  const starts = positions.map((p) =>
    netrunner.determinize(netrunner.view(p.snapshot, p.seat), p.seat, new Rng(rng.fork())),
  );
  let done = 0;
  let k = 0;
  const cpu0 = cpuMs();
  while (done < steps) {
    // Playouts as long as the search's, from each position in turn.
    let s = starts[k++ % starts.length] as GameSnapshot<unknown>;
    for (let d = 0; d < ISMCTS.rolloutDepth; d++) {
      const turn = nextTurn(module, s);
      if (!turn) break;
      const action =
        turn.legal.length === 1
          ? turn.legal[0]
          : module.rolloutAction?.(s, turn.seat, turn.legal, rng);
      s = applyAction(module, s, turn.seat, action);
      done++;
    }
  }
  const cpu = cpuMs() - cpu0;
  return {
    steps: done,
    stepsPerCpuSecond: round((done / cpu) * 1000),
    microsPerStep: round((cpu * 1000) / done, 2),
  };
}

function searchFigures(positions: readonly Position[], settings: SearchSettings) {
  const ms: number[] = [];
  const cpuEach: number[] = [];
  let iterations = 0;
  let steps = 0;
  let cpu = 0;
  for (const p of positions) {
    const c0 = cpuMs();
    const began = now();
    const result = runSearch(p, settings, 'timed');
    ms.push(now() - began);
    cpuEach.push(cpuMs() - c0);
    cpu += cpuMs() - c0;
    iterations += result.iterations;
    steps += result.steps;
  }
  const microsPerStep = (cpu * 1000) / steps;
  const cpuSorted = [...cpuEach].sort((a, b) => a - b);
  return {
    ...latency(ms),
    // CPU time per decision: what it costs on one core, whatever else the machine runs.
    cpuP50Ms: round(percentile(cpuSorted, 50), 1),
    cpuP95Ms: round(percentile(cpuSorted, 95), 1),
    iterationsPerCpuSecond: round((iterations / cpu) * 1000),
    stepsPerIteration: round(steps / iterations, 1),
    searchMicrosPerStep: round(microsPerStep, 2),
  };
}

function latency(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 50), 1),
    p95Ms: round(percentile(sorted, 95), 1),
    maxMs: round(sorted.at(-1) ?? 0, 1),
  };
}

function report(f: Figures): void {
  const raw = f['raw'] as ReturnType<typeof rawRulesRate>;
  const before = f['rawBefore'] as typeof raw;
  const after = f['rawAfter'] as typeof raw;
  table('raw rules rate (rollout policy alone; the faster of before and after the searches)', [
    ['steps/CPU-s', String(raw.stepsPerCpuSecond)],
    ['µs/step', String(raw.microsPerStep)],
    ['µs/step before / after', `${before.microsPerStep} / ${after.microsPerStep}`],
  ]);
  for (const level of ['ismcts', 'expert']) {
    const s = f[level] as ReturnType<typeof searchFigures> & { overheadRatio: number };
    table(`${level}`, [
      ['decision p50 / p95 / max (ms, wall)', `${s.p50Ms} / ${s.p95Ms} / ${s.maxMs}`],
      ['decision p50 / p95 (ms, CPU)', `${s.cpuP50Ms} / ${s.cpuP95Ms}`],
      ['iterations/CPU-s', String(s.iterationsPerCpuSecond)],
      ['rules steps per iteration', String(s.stepsPerIteration)],
      ['µs per rules step in search', String(s.searchMicrosPerStep)],
      ['overhead ratio (search / raw per step)', String(s.overheadRatio)],
    ]);
  }
  for (const level of ['random', 'greedy']) {
    const s = f[level] as ReturnType<typeof latency>;
    say(`${level}: decision p50 / p95 / max ${s.p50Ms} / ${s.p95Ms} / ${s.maxMs} ms`);
  }
}
