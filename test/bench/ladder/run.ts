import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What every resumable ladder run shares (test/bench/README.md, "ladder" and "dune-ladder"): its
 * results file (one game a line, appended as each ends, so a rerun plays only what is missing),
 * when it stops starting games, the pairs it plays, and which deals — from a first deal on, and
 * with several processes (one a core) sharing one file, only its shard of them.
 */
export interface LadderRun {
  readonly file: string;
  /** No game starts at or after this instant (ms). */
  readonly stopAt: number;
  /** The pair names chosen (`a-b`), or every pair when undefined. */
  readonly pairs: readonly string[] | undefined;
  readonly firstDeal: number;
  readonly shard: { readonly index: number; readonly count: number };
}

export interface LadderRunDefaults {
  readonly quick: boolean;
  /** The environment variable naming the results file, and the file when it is unset. */
  readonly fileVariable: string;
  readonly defaultFile: string;
  /** The deals the pair may need (its SPRT's cap). */
  readonly maxDeals: number;
}

/**
 * The run the environment asks for: `VEIL_LADDER_MINUTES` (default 60), `VEIL_LADDER_PAIRS`,
 * `VEIL_LADDER_FIRST_DEAL=k`, `VEIL_LADDER_SHARD=i/n`. A quick run gets a fresh file of its own,
 * 170 s, deal 0 on and every deal. A setting out of range is refused before any game.
 */
export function ladderRun(env: NodeJS.ProcessEnv, defaults: LadderRunDefaults): LadderRun {
  const { quick } = defaults;
  const file = quick
    ? path.join(os.tmpdir(), `veil-quick-${process.pid}-${path.basename(defaults.defaultFile)}`)
    : (env[defaults.fileVariable] ?? defaults.defaultFile);
  mkdirSync(path.dirname(file), { recursive: true });
  const minutes = quick ? 170 / 60 : Number(env['VEIL_LADDER_MINUTES'] ?? 60);
  if (!(minutes > 0)) throw new RangeError('VEIL_LADDER_MINUTES must be a positive number');
  return {
    file,
    stopAt: Date.now() + minutes * 60_000,
    pairs: env['VEIL_LADDER_PAIRS']?.split(','),
    firstDeal: quick ? 0 : firstDeal(env['VEIL_LADDER_FIRST_DEAL'], defaults.maxDeals),
    shard: quick ? { index: 0, count: 1 } : shard(env['VEIL_LADDER_SHARD']),
  };
}

/** Whether this run plays `deal` (its shard's deals, from the first deal on). */
export function playsDeal(run: LadderRun, deal: number): boolean {
  return deal >= run.firstDeal && deal % run.shard.count === run.shard.index;
}

/** Whether the pair `a-b` is one the run was asked for. */
export function playsPair(run: LadderRun, a: string, b: string): boolean {
  return run.pairs === undefined || run.pairs.includes(`${a}-${b}`);
}

/** The games in the results file so far (none when there is no file yet). */
export function readResults<Line>(file: string): Line[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Line);
}

/** Appends one finished game to the results file. */
export function appendResult(file: string, line: unknown): void {
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** `VEIL_LADDER_SHARD=i/n` (0 ≤ i < n); the whole ladder when unset. */
function shard(value: string | undefined): { index: number; count: number } {
  if (value === undefined) return { index: 0, count: 1 };
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count) {
    throw new Error(`VEIL_LADDER_SHARD must be i/n with 0 <= i < n, got "${value}"`);
  }
  return { index, count };
}

/** `VEIL_LADDER_FIRST_DEAL=k` (0 ≤ k < the deal cap); 0 when unset. */
function firstDeal(value: string | undefined, maxDeals: number): number {
  if (value === undefined) return 0;
  const deal = Number(value);
  if (!/^\d+$/.test(value) || deal >= maxDeals) {
    throw new Error(
      `VEIL_LADDER_FIRST_DEAL must be a deal number below ${maxDeals}, got "${value}"`,
    );
  }
  return deal;
}
