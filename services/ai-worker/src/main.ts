import { hostname } from 'node:os';
import { InProcessBroker, NatsBus, type Bus } from '@veil/bus';
import { createLogger, parseLogLevel } from '@veil/log';
import { startAiWorker } from './ai-worker.js';
import { registryModules } from './served-games.js';
import { aiWorkerOptionsFromEnv } from './worker-config.js';

/**
 * An AI worker as a process: `npx tsx services/ai-worker/src/main.ts` (`veil start` with
 * `VEIL_ROLE=ai` does the same, with metrics). Environment: `NATS_URL` (else an in-process bus,
 * for a smoke run only), `VEIL_WORKER_ID`, `VEIL_AI_GAMES` (the game ids to serve,
 * comma-separated; default every game of the registry) and those of `aiWorkerOptionsFromEnv`.
 * SIGTERM hands back the requests not yet answered, drains the bus and exits 0.
 */
const env = process.env;
const workerId =
  env['VEIL_WORKER_ID'] ?? `ai-${hostname().replace(/[^A-Za-z0-9_-]/g, '-')}-${process.pid}`;
const logger = createLogger({ service: 'ai-worker', workerId }, parseLogLevel(env['LOG_LEVEL']));

async function main(): Promise<void> {
  const bus: Bus = env['NATS_URL']
    ? await NatsBus.connect({
        servers: env['NATS_URL'],
        name: workerId,
        onError: (error) => logger.warn('bus error', { error }),
      })
    : new InProcessBroker().connect();
  const ids = env['VEIL_AI_GAMES']?.split(',').filter((id) => id.length > 0);
  const gamePackages = env['VEIL_EXTRA_GAMES']?.split(',').filter((p) => p.length > 0) ?? [];
  const games = (await registryModules(gamePackages)).filter((m) => !ids || ids.includes(m.id));
  const worker = await startAiWorker({
    bus,
    games,
    gamePackages,
    workerId,
    logger,
    ...aiWorkerOptionsFromEnv(env),
  });
  let stopping = false;
  const drain = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await worker.stop();
    await bus.drain();
    process.exit(0);
  };
  process.on('SIGTERM', () => void drain());
  process.on('SIGINT', () => void drain());
  logger.info('ready', { workerId });
}

main().catch((error: unknown) => {
  logger.warn('ai worker failed to start', { error });
  process.exit(1);
});
