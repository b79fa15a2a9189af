/**
 * The Veil under test, in its own process so that the spectators' socket.io clients (in the
 * benchmark's process) do not share its CPU: `startVeil` embedded (gateway + game node, PGlite
 * under VEIL_BENCH_DATA_DIR, in-process bus, no AI workers), with a per-socket rate limit high
 * enough for the benchmark's two seats. Prints `{"url": …}` once listening; closes on SIGTERM.
 */
import { startVeil } from '@veil/cli';

async function run(): Promise<void> {
  const dataDir = process.env['VEIL_BENCH_DATA_DIR'];
  if (!dataDir) throw new Error('VEIL_BENCH_DATA_DIR is required');
  const veil = await startVeil({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    aiWorkers: 0,
    logLevel: 'warn',
    gateway: { rateLimit: { capacity: 10_000, refillPerSecond: 10_000 } },
  });
  process.stdout.write(`${JSON.stringify({ url: veil.url })}\n`);
  const stop = async (): Promise<void> => {
    await veil.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

run().catch((error: unknown) => {
  process.stderr.write(`bench server failed: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
