/**
 * What the game nodes' stall logs (stall-log.mjs, preloaded into each node) say about one step:
 * their garbage collections and their event loop's longest delay — where a stall of the act →
 * view latency came from.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { round } from '../common/bench.js';

/** The preload, for NODE_OPTIONS=--import (a plain .mjs: it loads before tsx does). */
export const STALL_LOG_PRELOAD = fileURLToPath(new URL('./stall-log.mjs', import.meta.url));

export interface NodeStalls {
  majorGcs: number;
  majorGcMaxMs: number;
  /** All collections' pauses together, over the step. */
  gcMs: number;
  /** The event loop's longest delay in the step (a collection's pause included). */
  loopDelayMaxMs: number;
}

interface Line {
  t: number;
  gc?: 'major' | 'other';
  ms?: number;
  loopMaxMs?: number;
}

/** The stalls of process `pid` between `from` and `to` (ms since the epoch). */
export function stallsOf(dir: string, pid: number, from: number, to: number): NodeStalls | null {
  let text: string;
  try {
    text = readFileSync(`${dir}/${pid}.jsonl`, 'utf8');
  } catch {
    return null;
  }
  const lines = text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.t >= from && l.t <= to);
  const majors = lines.filter((l) => l.gc === 'major').map((l) => l.ms ?? 0);
  return {
    majorGcs: majors.length,
    majorGcMaxMs: round(Math.max(0, ...majors), 1),
    gcMs: round(
      lines.reduce((sum, l) => sum + (l.gc ? (l.ms ?? 0) : 0), 0),
      0,
    ),
    loopDelayMaxMs: round(Math.max(0, ...lines.map((l) => l.loopMaxMs ?? 0)), 1),
  };
}
