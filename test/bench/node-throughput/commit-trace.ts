/**
 * Opt-in tracing of the latency phases (`VEIL_BENCH_TRACE=1`): the game node's process times
 * each grouped commit, the driver each act, and the two are joined by room and version to show
 * where an act's time went — before its batch started (the command's hop, the node, the wait
 * for the batch in flight), in the batch's round trip to Postgres, and from the commit to the
 * view. Timestamps are epoch milliseconds with sub-millisecond precision, comparable across the
 * two processes of one machine.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { RoomStore } from '@veil/store';
import { percentile, round } from '../common/bench.js';

/** `performance.now()` on the epoch: the same clock in every process of the machine. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** One act's commit: `key` is `<roomId>:<version committed>`. */
export interface TracedCommit {
  key: string;
  start: number;
  end: number;
  items: number;
}

/** One measured act: sent by the driver, its own view received. */
export interface TracedAct {
  key: string;
  sent: number;
  viewed: number;
}

/** In the game node's process: times every `commitBatch` and writes them to `file` at exit. */
export function traceCommits(store: RoomStore, file: string): void {
  const commits: TracedCommit[] = [];
  const commitBatch = store.commitBatch.bind(store);
  store.commitBatch = async (items) => {
    const start = epochNow();
    const results = await commitBatch(items);
    const end = epochNow();
    for (const item of items) {
      commits.push({
        key: `${item.roomId}:${item.expectedVersion + 1}`,
        start,
        end,
        items: items.length,
      });
    }
    return results;
  };
  process.on('exit', () => writeFileSync(file, JSON.stringify(commits)));
}

export function readCommits(file: string): TracedCommit[] {
  return JSON.parse(readFileSync(file, 'utf8')) as TracedCommit[];
}

interface Spread {
  p50Ms: number;
  p99Ms: number;
}

export interface ActBreakdown {
  /** Measured acts whose commit was found in the node's trace. */
  joinedActs: number;
  beforeBatch: Spread;
  batch: Spread;
  afterBatch: Spread;
  batchItems: Spread;
  /** Means over the slowest 1 % of acts (act → own view). */
  slowest: {
    latencyMs: number;
    beforeBatchMs: number;
    batchMs: number;
    afterBatchMs: number;
    batchItems: number;
  };
}

/** Where the measured acts' time went; null when none could be joined. */
export function breakdown(
  acts: readonly TracedAct[],
  commits: readonly TracedCommit[],
): ActBreakdown | null {
  const byKey = new Map(commits.map((c) => [c.key, c]));
  const rows: { latency: number; before: number; batch: number; after: number; items: number }[] =
    [];
  for (const act of acts) {
    const c = byKey.get(act.key);
    if (!c) continue;
    rows.push({
      latency: act.viewed - act.sent,
      before: c.start - act.sent,
      batch: c.end - c.start,
      after: act.viewed - c.end,
      items: c.items,
    });
  }
  if (rows.length === 0) return null;
  const spread = (pick: (r: (typeof rows)[number]) => number): Spread => {
    const sorted = rows.map(pick).sort((a, b) => a - b);
    return { p50Ms: round(percentile(sorted, 50), 2), p99Ms: round(percentile(sorted, 99), 2) };
  };
  const slow = [...rows]
    .sort((a, b) => b.latency - a.latency)
    .slice(0, Math.ceil(rows.length / 100));
  const mean = (pick: (r: (typeof rows)[number]) => number): number =>
    round(slow.reduce((sum, r) => sum + pick(r), 0) / slow.length, 2);
  return {
    joinedActs: rows.length,
    beforeBatch: spread((r) => r.before),
    batch: spread((r) => r.batch),
    afterBatch: spread((r) => r.after),
    batchItems: spread((r) => r.items),
    slowest: {
      latencyMs: mean((r) => r.latency),
      beforeBatchMs: mean((r) => r.before),
      batchMs: mean((r) => r.batch),
      afterBatchMs: mean((r) => r.after),
      batchItems: mean((r) => r.items),
    },
  };
}
