/**
 * What the benchmarks that compare two checkouts of Veil in one process share: where the
 * checkouts are (`VEIL_BENCH_BEFORE`, `VEIL_BENCH_AFTER`), a file of each loaded from its own
 * tree, and rounds of the same work on both in turn with their ratio. One process, because load
 * from other processes then falls on both alike, which separate runs on a shared machine could
 * not promise (docs/benchmarks.md, "Issue 32's speed budget").
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpuMs, round, type Figures } from '../common/bench.js';

const THIS_CHECKOUT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** The two checkouts' roots: before (required), after (this one unless named). */
export function checkoutRoots(bench: string): { before: string; after: string } {
  const before = process.env['VEIL_BENCH_BEFORE'];
  if (!before)
    throw new Error(`${bench}: set VEIL_BENCH_BEFORE to the checkout to compare against`);
  return {
    before: resolve(before),
    after: resolve(process.env['VEIL_BENCH_AFTER'] ?? THIS_CHECKOUT),
  };
}

/** Imports `path` of the checkout at `root` from its own files (its own `@veil/*` too). */
export async function importFrom<T>(label: string, root: string, path: string): Promise<T> {
  if (!existsSync(join(root, path))) throw new Error(`${label}: no ${path} under ${root}`);
  return (await import(pathToFileURL(join(root, path)).href)) as T;
}

export interface Round {
  before: number;
  after: number;
  ratio: number;
}

/**
 * `n` rounds of `work` on both checkouts, in turn (the one going first alternates): each side's
 * rate (what `work` returns, per CPU-second of the process), and their ratio after ÷ before.
 */
export function rounds<C>(
  checkouts: readonly [C, C],
  n: number,
  work: (checkout: C) => number,
): Round[] {
  const out: Round[] = [];
  for (let r = 0; r < n; r++) {
    const order = r % 2 === 0 ? checkouts : ([checkouts[1], checkouts[0]] as const);
    const rate = new Map<C, number>();
    for (const checkout of order) {
      const cpu0 = cpuMs();
      const done = work(checkout);
      rate.set(checkout, (done / (cpuMs() - cpu0)) * 1000);
    }
    const before = rate.get(checkouts[0]) as number;
    const after = rate.get(checkouts[1]) as number;
    out.push({ before: round(before, 3), after: round(after, 3), ratio: round(after / before, 3) });
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

/** The rounds' medians and the middle half of their ratios (how far one round can be trusted). */
export function summary(rows: readonly Round[]): Figures {
  const ratios = rows.map((r) => r.ratio).sort((a, b) => a - b);
  return {
    beforeMedian: round(median(rows.map((r) => r.before)), 3),
    afterMedian: round(median(rows.map((r) => r.after)), 3),
    ratioMedian: round(median(ratios), 3),
    ratioQuartiles: [
      ratios[Math.floor(ratios.length / 4)],
      ratios[Math.floor((ratios.length * 3) / 4)],
    ],
    rounds: rows,
  };
}
