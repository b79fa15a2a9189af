import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVeil } from '@veil/cli';

// The server the fuzz test (gateway-fuzz.test.ts) attacks, in a process of its own so that its
// memory is the server's alone: `veil start`'s embedded default (gateway, game node, AI workers,
// PGlite, in-process bus) with the rate limits lifted — otherwise nearly every message would be
// answered `rate_limited` and reach nothing behind it. Run with --expose-gc: on SIGUSR2 it
// collects garbage and prints its heap and whether anything was added to Object.prototype.

const LIFTED = { capacity: 1e9, refillPerSecond: 1e9 };
const STANDARD_PROTOTYPE = new Set(Object.getOwnPropertyNames(Object.prototype));

const dataDir = await mkdtemp(join(tmpdir(), 'veil-fuzz-'));
const veil = await startVeil({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  extraGames: ['@veil/parlor'],
  ai: { thinkMs: 0, thinkJitterMs: 0 },
  logLevel: 'silent',
  gateway: { rateLimit: LIFTED, roomCreationLimit: LIFTED, abuseLimit: 1e9 },
});
console.log(`fuzz-server url ${veil.url}`);

const gc = (globalThis as { gc?: () => void }).gc;
process.on('SIGUSR2', () => {
  gc?.();
  gc?.();
  const polluted = Object.getOwnPropertyNames(Object.prototype).filter(
    (name) => !STANDARD_PROTOTYPE.has(name),
  );
  console.log(
    `fuzz-server heap ${process.memoryUsage().heapUsed} polluted ${JSON.stringify(polluted)}`,
  );
});

process.once('SIGTERM', () => {
  void veil
    .close()
    .then(() => rm(dataDir, { recursive: true, force: true }))
    .finally(() => process.exit(0));
});
