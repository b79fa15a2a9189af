import { hostname } from 'node:os';
import { InProcessBroker, NatsBus, type Bus } from '@veil/bus';
import { startAiWorker } from './ai-worker.js';
import { createLogger, parseLogLevel } from '@veil/log';

/**
 * An AI worker as a process: `npx tsx services/ai-worker/src/main.ts`. Environment: `NATS_URL`
 * (else an in-process bus, for a smoke run only), `VEIL_WORKER_ID`, `VEIL_AI_GAMES` (the game ids to
 * serve, comma-separated; default `parlor,netrunner`). SIGTERM drains the bus
 * (requests being answered finish) and exits 0.
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
  // The random level needs no game module: the legal actions come with each request.
  const games = (env['VEIL_AI_GAMES'] ?? 'parlor,netrunner')
    .split(',')
    .filter((id) => id.length > 0)
    .map((id) => ({ id }));
  await startAiWorker({ bus, games, logger });
  let stopping = false;
  const drain = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
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
