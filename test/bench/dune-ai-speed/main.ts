import { BOT_LEVELS, decide, type BotLevel } from '@veil/ai';
import type { AnyGameModule } from '@veil/engine';
import { dune } from '@veil/dune';
import {
  cpuMs,
  now,
  percentile,
  progress,
  round,
  say,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';
import { dunePositions, HUGE, type Position } from './positions.js';

/** Today's Dune bots, which weigh the module's `candidateActions`. */
const after = dune as unknown as AnyGameModule;
/** The same module without them: every legal action weighed, as before the filter. */
const before = { ...after, candidateActions: undefined } as AnyGameModule;

/**
 * Dune bot decision time, with and without the game's candidate filter, in one run: on saved
 * positions (positions.ts: ordinary ones and ones with a huge legal list), one decision per
 * position, level and variant at the level's own budget, the two variants in turn (which goes
 * first alternates). Per kind of position and level: p50/p95 of wall and CPU time, and each
 * as a ratio after ÷ before. `--quick`: 6 positions of each kind (20 without); `--quick` also
 * leaves out `expert` before the filter, whose huge decisions take minutes.
 */
export async function main(options: BenchOptions): Promise<Figures> {
  const count = options.quick ? 6 : 20;
  progress(`building ${count} ordinary and ${count} huge (≥ ${HUGE} legal actions) positions`);
  const sets = dunePositions(count);
  progress('warming up');
  for (const p of [...sets.ordinary.slice(0, 3), ...sets.huge.slice(0, 3)]) {
    for (const module of [after, before]) time(module, p, 'ismcts', 8);
  }
  const levels: readonly BotLevel[] = BOT_LEVELS;
  const figures: Figures = {};
  for (const [kind, positions] of Object.entries(sets)) {
    const legal = positions.map((p) => p.legal).sort((a, b) => a - b);
    const perKind: Figures = {
      positions: positions.length,
      legalP50: percentile(legal, 50),
      legalMax: legal.at(-1) ?? 0,
    };
    for (const level of levels) {
      const skipBefore = options.quick && level === 'expert' && kind === 'huge';
      const runs = { before: [] as Timing[], after: [] as Timing[] };
      for (const [i, p] of positions.entries()) {
        const order = i % 2 === 0 ? (['after', 'before'] as const) : (['before', 'after'] as const);
        for (const variant of order) {
          if (variant === 'before' && skipBefore) continue;
          runs[variant].push(time(variant === 'after' ? after : before, p, level));
        }
      }
      progress(`${kind} ${level}: ${positions.length} positions`);
      const a = summary(runs.after);
      const b = runs.before.length ? summary(runs.before) : null;
      perKind[level] = {
        after: a,
        before: b,
        ratioP50: b ? round(a.p50Ms / b.p50Ms, 3) : null,
        ratioP95: b ? round(a.p95Ms / b.p95Ms, 3) : null,
        cpuRatioP50: b ? round(a.cpuP50Ms / b.cpuP50Ms, 3) : null,
      };
    }
    figures[kind] = perKind;
  }
  report(figures, levels);
  return figures;
}

interface Timing {
  readonly ms: number;
  readonly cpu: number;
}

function time(module: AnyGameModule, p: Position, level: BotLevel, iterations?: number): Timing {
  const input = {
    view: module.view(p.snapshot, p.seat),
    legalActions: module.legalActions(p.snapshot, p.seat),
    seat: p.seat,
    level,
    seed: `dune-ai-speed:${p.where}`,
    iterations,
  };
  const c0 = cpuMs();
  const t0 = now();
  decide(module, input);
  return { ms: now() - t0, cpu: cpuMs() - c0 };
}

function summary(runs: readonly Timing[]) {
  const ms = runs.map((r) => r.ms).sort((x, y) => x - y);
  const cpu = runs.map((r) => r.cpu).sort((x, y) => x - y);
  return {
    p50Ms: round(percentile(ms, 50), 1),
    p95Ms: round(percentile(ms, 95), 1),
    cpuP50Ms: round(percentile(cpu, 50), 1),
    cpuP95Ms: round(percentile(cpu, 95), 1),
  };
}

function report(figures: Figures, levels: readonly BotLevel[]): void {
  say(
    'positions  level    before p50 / p95 ms    after p50 / p95 ms     after ÷ before (p50, p95)',
  );
  for (const kind of Object.keys(figures)) {
    const perKind = figures[kind] as Figures;
    for (const level of levels) {
      const f = perKind[level] as {
        after: ReturnType<typeof summary>;
        before: ReturnType<typeof summary> | null;
        ratioP50: number | null;
        ratioP95: number | null;
      };
      const b = f.before ? `${f.before.p50Ms} / ${f.before.p95Ms}` : 'not run';
      const r = f.ratioP50 === null ? '—' : `${f.ratioP50}, ${f.ratioP95}`;
      say(
        `${kind.padEnd(10)} ${level.padEnd(8)} ${b.padStart(20)}  ${`${f.after.p50Ms} / ${f.after.p95Ms}`.padStart(20)}   ${r}`,
      );
    }
  }
}
