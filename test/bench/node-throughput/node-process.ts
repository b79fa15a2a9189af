/**
 * A game node in its own process for the latency measurement: the real `startGameNode` on a
 * Postgres store and a NATS bus. Started by latency.ts with VEIL_BENCH_DATABASE_URL and
 * VEIL_BENCH_NATS_URL; prints `bench node ready` once it answers, and drains on SIGTERM. With
 * VEIL_BENCH_COMMIT_TRACE=<file> it times every grouped commit into that file (commit-trace.ts).
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { NatsBus } from '@veil/bus';
import { openPostgresRoomStore } from '@veil/store';
import { loopLatenessMs } from '../common/bench.js';
import { traceCommits } from './commit-trace.js';
import { startBenchNode } from './via-node.js';

async function run(): Promise<void> {
  const databaseUrl = process.env['VEIL_BENCH_DATABASE_URL'];
  const natsUrl = process.env['VEIL_BENCH_NATS_URL'];
  if (!databaseUrl || !natsUrl) throw new Error('VEIL_BENCH_DATABASE_URL and VEIL_BENCH_NATS_URL');
  const store = await openPostgresRoomStore({ connectionString: databaseUrl });
  const traceFile = process.env['VEIL_BENCH_COMMIT_TRACE'];
  if (traceFile) traceCommits(store, traceFile);
  const bus = await NatsBus.connect({ servers: natsUrl, name: 'veil-bench-node' });
  const node = await startBenchNode(store, bus, 'bench-node-1');
  process.stdout.write('bench node ready\n');
  const loopLog = process.env['VEIL_BENCH_LOOP_LOG'];
  if (loopLog) {
    const resolutionMs = 5;
    const delay = monitorEventLoopDelay({ resolution: resolutionMs });
    delay.enable();
    setInterval(() => {
      const ms = (ns: number) => loopLatenessMs(ns, resolutionMs);
      appendFileSync(loopLog, `${ms(delay.percentile(99))} ${ms(delay.max)}\n`);
      delay.reset();
    }, 2_000).unref();
  }
  const stop = async (): Promise<void> => {
    await node.stop();
    await bus.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

run().catch((error: unknown) => {
  process.stderr.write(
    `bench node failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
