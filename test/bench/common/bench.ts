import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';

/** What `npm run bench -- <name> [--quick] [--json]` hands to a benchmark's `main`. */
export interface BenchOptions {
  /** Reduced sizes: the whole benchmark finishes in under a minute. */
  readonly quick: boolean;
  /** The dispatcher prints the figures as one JSON object on the last line. */
  readonly json: boolean;
}

/** A benchmark's figures: plain JSON, nested one level by section. */
export type Figures = Record<string, unknown>;

export type BenchMain = (options: BenchOptions) => Promise<Figures>;

/** Progress goes to stderr, so stdout carries only the figures (and the JSON line). */
export function progress(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** One line of the human-readable report, on stdout. */
export function say(message = ''): void {
  process.stdout.write(`${message}\n`);
}

/** Prints `label  value` rows with the values aligned. */
export function table(title: string, rows: readonly (readonly [string, string])[]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  say(title);
  for (const [label, value] of rows) say(`  ${label.padEnd(width)}  ${value}`);
  say();
}

let collect: (() => void) | undefined;

/**
 * A full garbage collection, also when node was started without `--expose-gc` (the flag can be
 * turned on at run time; `gc` is then fetched from a fresh context).
 */
export function fullGc(): void {
  if (!collect) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) collect = exposed;
    else {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
    }
  }
  for (let i = 0; i < 3; i++) collect();
}

/** Heap in use after a full collection, in bytes. */
export function heapAfterGc(): number {
  fullGc();
  return process.memoryUsage().heapUsed;
}

/**
 * The heap after full collections, split into data and compiled code. Code (V8's code spaces)
 * belongs to the process, not to whatever is being measured, yet it grows while a benchmark
 * runs — functions reach the optimizing compiler — so per-item figures use the data part.
 */
export function heapPartsAfterGc(): { data: number; code: number } {
  fullGc();
  let data = 0;
  let code = 0;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (space.space_name.startsWith('code_')) code += space.space_used_size;
    else data += space.space_used_size;
  }
  return { data, code };
}

/** Milliseconds, sub-millisecond resolution. */
export function now(): number {
  return performance.now();
}

/** CPU time used by this process (all its threads, user + system), in milliseconds. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Another process's CPU time so far (user + system, µs), from /proc: a child node, a server on
 * this machine. `null` off Linux or when the process is not there.
 */
export function processCpuMicros(pid: number): number | null {
  try {
    // utime and stime are fields 14 and 15, counted after the parenthesised command name (which
    // may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1e6) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** USER_HZ: the unit of /proc's CPU times, 100 on Linux. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * How late a tick of an event-loop delay histogram's sampling timer ran, in ms. Node's
 * `monitorEventLoopDelay` records the time between two ticks, the timer's period included, so
 * an idle loop reads about `resolutionMs`: that period is taken off.
 */
export function loopLatenessMs(intervalNs: number, resolutionMs: number): number {
  return round(Math.max(0, intervalNs / 1e6 - resolutionMs), 2);
}

/** The `p`-th percentile (0–100) of ascending `sorted`, nearest-rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/**
 * The p99 of the latencies of the acts sent in each second after `start`, in order, as
 * `[sent at, latency]` pairs (ms): a tail spread evenly shows as every second's p99 near the
 * whole run's, stalls as a few seconds far above the rest.
 */
export function perSecondP99(acts: readonly [number, number][], start: number): number[] {
  const seconds: number[][] = [];
  for (const [sent, latency] of acts)
    (seconds[Math.floor((sent - start) / 1000)] ??= []).push(latency);
  return seconds
    .filter((second) => second.length > 0)
    .map((second) =>
      round(
        percentile(
          second.sort((a, b) => a - b),
          99,
        ),
        1,
      ),
    );
}

export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** `12345.6` → `12,346`. */
export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Where and when the figures were measured. */
export function machine(): Figures {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    loadAvg1m: round(os.loadavg()[0] ?? 0, 2),
    platform: `${os.platform()} ${os.release()}`,
    hugePages: reservedHugePages(),
    kdamonds: runningKdamonds(),
  };
}

/**
 * How many huge pages the kernel has reserved (`vm.nr_hugepages`; null where there is no
 * /proc/meminfo). Postgres maps its shared memory on them when there are enough (its default
 * `huge_pages = try`), which can move the latency figures (docs/operations.md): every run
 * records it, so that runs with and without them are not compared unawares.
 */
export function reservedHugePages(): number | null {
  try {
    const total = /^HugePages_Total:\s+(\d+)/m.exec(readFileSync('/proc/meminfo', 'utf8'));
    return total ? Number(total[1]) : null;
  } catch {
    return null;
  }
}

/**
 * How many DAMON monitors the kernel is running: its `kdamond.<n>` threads (null off Linux). Some
 * virtual machines run one for proactive memory reclaim; it samples the pages of every process,
 * more of them the longer a load goes on, and on one VM the act → view latency climbed with it
 * through a phase (docs/operations.md): every run records it, as it records huge pages. Read from /proc,
 * which anyone may read (DAMON's own sysfs files are root's).
 */
export function runningKdamonds(): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  return entries.filter((entry) => /^\d+$/.test(entry) && commandName(entry).startsWith('kdamond.'))
    .length;
}

function commandName(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8');
  } catch {
    return ''; // gone meanwhile
  }
}

/** Calls `report` every `everyMs` at most; for progress lines in tight loops. */
export function throttle(everyMs: number): (report: () => void) => void {
  let last = now();
  return (report) => {
    const t = now();
    if (t - last >= everyMs) {
      last = t;
      report();
    }
  };
}
