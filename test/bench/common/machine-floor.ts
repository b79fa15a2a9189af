/**
 * The machine's floors under any act → view latency, measured apart from Veil:
 *
 * - **wake-up**: one byte echoed by another process over a Unix socket, at a steady low rate, so
 *   that the echoing process sleeps between messages. Each round trip wakes a sleeping process
 *   (and, on a virtual machine, possibly a halted virtual CPU) and comes back. An act of a
 *   durable room crosses about six such hops (driver → NATS → node → Postgres → node → NATS →
 *   driver).
 * - **flush**: an 8 KB write and `fdatasync` in the benchmark's directory, as a commit's WAL flush
 *   does. Every durable commit waits for one; a slow one holds up every act in flight.
 *
 * Run as a script with `echo <socket path>`, this file is the echoing process.
 */
import { fork } from 'node:child_process';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { now, percentile, round } from './bench.js';

export interface LatencyFloor {
  /** Round trips or flushes per second, and how many were timed. */
  rate: number;
  samples: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
}

export interface MachineFloor {
  wakeup: LatencyFloor;
  flush: LatencyFloor;
}

export async function measureMachineFloor(directory: string): Promise<MachineFloor> {
  return { wakeup: await measureWakeupFloor(), flush: measureFlushFloor(directory) };
}

async function measureWakeupFloor(rate = 100, roundTrips = 1_000): Promise<LatencyFloor> {
  const dir = mkdtempSync(join(tmpdir(), 'veil-wakeup-'));
  const path = join(dir, 'echo.sock');
  const child = fork(fileURLToPath(import.meta.url), ['echo', path], { stdio: 'ignore' });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`echo process exited (${code})`)));
    });
    const socket = createConnection(path);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const trips: number[] = [];
    for (let i = 0; i < roundTrips; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
      const sent = now();
      const echoed = new Promise((resolve) => socket.once('data', resolve));
      socket.write('x');
      await echoed;
      trips.push(now() - sent);
    }
    socket.destroy();
    return summarize(rate, trips);
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

const FLUSH_BLOCK = Buffer.alloc(8192, 1);

/**
 * The `i`-th 8 KB write to `fd` (within one 16 MB file, like a WAL segment) and its `fdatasync`,
 * as a commit's WAL flush does; returns how long both took, in ms.
 */
export function timedFlush(fd: number, i: number): number {
  const started = now();
  writeSync(fd, FLUSH_BLOCK, 0, FLUSH_BLOCK.length, (i * FLUSH_BLOCK.length) % (16 << 20));
  fdatasyncSync(fd);
  return now() - started;
}

/** `flushes` writes of 8 KB, each followed by `fdatasync`, paced at about `rate` per second. */
function measureFlushFloor(directory: string, rate = 200, flushes = 2_000): LatencyFloor {
  const path = join(directory, `veil-flush-probe-${process.pid}`);
  const fd = openSync(path, 'w');
  const times: number[] = [];
  try {
    for (let i = 0; i < flushes; i++) {
      const started = now();
      times.push(timedFlush(fd, i));
      // Paced without a timer, whose wake-up would be measured too.
      while (now() - started < 1000 / rate);
    }
  } finally {
    closeSync(fd);
    rmSync(path, { force: true });
  }
  return summarize(rate, times);
}

function summarize(rate: number, times: number[]): LatencyFloor {
  times.sort((a, b) => a - b);
  return {
    rate,
    samples: times.length,
    p50Ms: round(percentile(times, 50), 2),
    p90Ms: round(percentile(times, 90), 2),
    p99Ms: round(percentile(times, 99), 2),
    p999Ms: round(percentile(times, 99.9), 2),
    maxMs: round(times[times.length - 1] ?? Number.NaN, 2),
  };
}

function echo(path: string): void {
  createServer((socket) => socket.on('data', (data) => socket.write(data))).listen(path, () =>
    process.send?.('ready'),
  );
}

if (process.argv[2] === 'echo' && process.argv[3]) echo(process.argv[3]);
