import { hostname } from 'node:os';
import { InProcessBroker, NatsBus, type Bus } from '@veil/bus';
import { openRoomStore } from '@veil/store';
import { startGameNode } from './game-node.js';
import { defaultGames } from './games.js';
import { createLogger, parseLogLevel } from '@veil/log';

/**
 * A game node as a process: `npx tsx services/game/src/main.ts`.
 *
 * Environment: `DATABASE_URL` (else PGlite under `VEIL_DATA_DIR`), `NATS_URL` (else an
 * in-process bus, useful only for a smoke run), `VEIL_NODE_ID` (default `game-<host>-<pid>`),
 * `VEIL_LEASE_TTL_MS` (15000), `VEIL_IDLE_UNLOAD_MS` (600000), `VEIL_FINISHED_UNLOAD_MS` (60000:
 * the same for a room whose game is over), `VEIL_BOT_TIMEOUT_MS` (2000),
 * `VEIL_QUIET_SNAPSHOT_MS` (2000: a room waiting on a human, quiet this long, is snapshotted),
 * `LOG_LEVEL` (info). SIGTERM or SIGINT drains: in-flight commits finish, leases are released,
 * then the process exits 0.
 */
const env = process.env;
const nodeId =
  env['VEIL_NODE_ID'] ?? `game-${hostname().replace(/[^A-Za-z0-9_-]/g, '-')}-${process.pid}`;
const logger = createLogger({ service: 'game', nodeId }, parseLogLevel(env['LOG_LEVEL']));

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

async function main(): Promise<void> {
  const store = await openRoomStore({
    databaseUrl: env['DATABASE_URL'],
    dataDir: env['VEIL_DATA_DIR'],
  });
  const bus: Bus = env['NATS_URL']
    ? await NatsBus.connect({
        servers: env['NATS_URL'],
        name: nodeId,
        inboxPrefix: '_INBOX.game',
        onError: (error) => logger.warn('bus error', { error }),
      })
    : new InProcessBroker().connect();
  const node = await startGameNode({
    nodeId,
    store,
    bus,
    games: defaultGames(),
    leaseTtlMs: numberFromEnv('VEIL_LEASE_TTL_MS', 15_000),
    idleUnloadMs: numberFromEnv('VEIL_IDLE_UNLOAD_MS', 600_000),
    finishedUnloadMs: numberFromEnv('VEIL_FINISHED_UNLOAD_MS', 60_000),
    quietSnapshotMs: numberFromEnv('VEIL_QUIET_SNAPSHOT_MS', 2_000),
    bots: { timeoutMs: numberFromEnv('VEIL_BOT_TIMEOUT_MS', 2_000) },
    logger,
  });

  let stopping = false;
  const drain = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info('draining', { signal });
    try {
      await node.drain();
      await bus.drain();
      await store.close();
      logger.info('drained', { signal });
      process.exit(0);
    } catch (error) {
      logger.error('drain failed', { error });
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void drain('SIGTERM'));
  process.on('SIGINT', () => void drain('SIGINT'));
  logger.info('ready', { nodeId });
}

main().catch((error: unknown) => {
  logger.error('game node failed to start', { error });
  process.exit(1);
});
