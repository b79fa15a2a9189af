/**
 * Waits until the disk flushes quietly before a latency measurement. Deleting a large directory
 * (the previous run's Postgres, say) or writing back a lot of dirty pages makes `fdatasync` stall
 * for tens to hundreds of milliseconds for a while afterwards — measured on the benchmark's VM: a
 * 1 GB file deleted, then 8 KB flushes up to 119 ms for 10 s, 28 ms the next 10 s, against 5 ms
 * on a quiet disk. Every durable commit waits for such a flush, so a latency phase started then
 * would measure the cleanup, not the system under test.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { now, round } from './bench.js';
import { timedFlush } from './machine-floor.js';

export interface QuietDisk {
  /** Whether `quietMs` went by without a slow flush before `maxWaitMs`. */
  quiet: boolean;
  waitedMs: number;
  /** The slowest flush seen while waiting. */
  slowestFlushMs: number;
}

export interface QuietDiskOptions {
  /** A flush slower than this is not quiet (default 5 ms). */
  slowFlushMs?: number;
  /** How long flushes must stay fast (default 5 s). */
  quietMs?: number;
  /** Give up after this long, and say so (default 2 min). */
  maxWaitMs?: number;
}

export function waitForQuietDisk(directory: string, options: QuietDiskOptions = {}): QuietDisk {
  const { slowFlushMs = 5, quietMs = 5_000, maxWaitMs = 120_000 } = options;
  // Dirty pages of earlier work go out first, so that the probe below sees what remains.
  spawnSync('sync', { stdio: 'ignore' });
  const path = join(directory, `veil-quiet-probe-${process.pid}`);
  const fd = openSync(path, 'w');
  const start = now();
  let quietSince = start;
  let slowest = 0;
  try {
    for (let i = 0; ; i++) {
      const t = now();
      if (t - quietSince >= quietMs)
        return { quiet: true, waitedMs: round(t - start), slowestFlushMs: round(slowest, 2) };
      if (t - start >= maxWaitMs)
        return { quiet: false, waitedMs: round(t - start), slowestFlushMs: round(slowest, 2) };
      const took = timedFlush(fd, i);
      slowest = Math.max(slowest, took);
      if (took > slowFlushMs) quietSince = now();
      // About 100 flushes a second: enough to catch a stall, light enough not to cause one.
      while (now() - t < 10);
    }
  } finally {
    closeSync(fd);
    rmSync(path, { force: true });
  }
}
