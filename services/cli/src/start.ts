import { fileURLToPath } from 'node:url';
import { ConfigError, parseConfig, type VeilConfig } from './config.js';
import { startVeil, type Veil, type VeilOptions } from './start-roles.js';
import { UsageError } from './args.js';

/** Where a built web client is looked for (served only if it exists). */
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * How long a shutdown may take: past it the process exits anyway (code 1), whatever NATS or
 * Postgres still owe it; the leases it could not release then expire (docs/operations.md,
 * "Stopping"). A graceful drain with both servers answering takes well under a second per
 * thousand rooms.
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * The options of `veil start` from the environment, parsed by the configuration schema
 * (config.ts; every variable in docs/operations.md). A bad value is a usage error naming it.
 */
export function startOptionsFromEnv(env: NodeJS.ProcessEnv): VeilOptions {
  let config: VeilConfig;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  const node = {
    leaseTtlMs: config.VEIL_LEASE_TTL_MS,
    idleUnloadMs: config.VEIL_IDLE_UNLOAD_MS,
    finishedUnloadMs: config.VEIL_FINISHED_UNLOAD_MS,
    quietSnapshotMs: config.VEIL_QUIET_SNAPSHOT_MS,
    botTimeoutMs: config.VEIL_BOT_TIMEOUT_MS,
    heartbeatMs: config.VEIL_HEARTBEAT_MS,
    livenessDeadlineMs: config.VEIL_LIVENESS_DEADLINE_MS,
    leaseSweepMs: config.VEIL_LEASE_SWEEP_MS,
    leaseSweepBatch: config.VEIL_LEASE_SWEEP_BATCH,
    abandonUnjoinedMs: config.VEIL_ABANDON_UNJOINED_MS,
  };
  // A deadline within one heartbeat would find every peer gone between two of its heartbeats.
  // The game node's defaults (services/game/src/node-liveness.ts).
  const heartbeat = node.heartbeatMs ?? 250;
  if ((node.livenessDeadlineMs ?? 1_250) <= heartbeat) {
    throw new UsageError(
      'VEIL_LIVENESS_DEADLINE_MS must be longer than VEIL_HEARTBEAT_MS (default 250)',
    );
  }
  return {
    role: config.VEIL_ROLE,
    port: config.PORT,
    ...(config.HOST ? { host: config.HOST } : {}),
    gateway: {
      trustedProxies: config.VEIL_TRUSTED_PROXIES,
      socketsPerAddress: config.VEIL_SOCKETS_PER_ADDRESS,
    },
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    natsUser: config.NATS_USER,
    natsPassword: config.NATS_PASSWORD,
    dataDir: config.VEIL_DATA_DIR,
    webDir: config.VEIL_WEB_DIR ?? DEFAULT_WEB_DIR,
    logLevel: config.LOG_LEVEL,
    extraGames: config.VEIL_EXTRA_GAMES ?? [],
    ...(config.VEIL_NODE_ID ? { nodeId: config.VEIL_NODE_ID } : {}),
    node: withoutUndefined(node),
    ...(config.VEIL_METRICS_PORT === undefined ? {} : { metricsPort: config.VEIL_METRICS_PORT }),
    ...(config.VEIL_METRICS_HOST ? { metricsHost: config.VEIL_METRICS_HOST } : {}),
    ...(config.VEIL_AI_WORKERS === undefined ? {} : { aiWorkers: config.VEIL_AI_WORKERS }),
    ai: withoutUndefined({
      threads: config.VEIL_AI_THREADS,
      levels: config.VEIL_AI_LEVELS,
      thinkMs: config.VEIL_AI_THINK_MS,
      thinkJitterMs: config.VEIL_AI_THINK_JITTER_MS,
    }),
  };
}

function withoutUndefined<T extends object>(
  record: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as never;
}

/**
 * `veil start`: runs the configured roles until SIGINT or SIGTERM, then shuts down gracefully
 * (sockets closed, rooms drained, leases released, servers closed). Resolves with the exit code.
 */
export async function start(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (argv.length > 0) throw new UsageError(`start takes no arguments (configure it with env)`);
  const options = startOptionsFromEnv(env);
  let veil: Veil;
  try {
    veil = await startVeil(options);
  } catch (error) {
    console.error(`veil: could not start: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  if (veil.url) console.error(`veil: ${veil.role} listening on ${veil.url}`);
  else console.error(`veil: ${veil.role} running`);

  const signal = await new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
    if (env['npm_lifecycle_event'] === 'start') watchParent(() => resolve('npm stopped'));
  });
  // A second signal while draining stops at once.
  const force = () => {
    console.error('veil: stopped without draining');
    process.exit(1);
  };
  process.once('SIGINT', force);
  process.once('SIGTERM', force);
  console.error(`veil: ${signal}, shutting down`);
  const deadline = exitAfterDeadline();
  try {
    await veil.close();
    deadline.closed = true;
    return 0;
  } catch (error) {
    console.error(`veil: shutdown failed: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
}

/**
 * Ends the process SHUTDOWN_DEADLINE_MS after shutdown began: a drain waiting on a server that
 * does not answer, or a connection left open (and reconnecting) after it, would otherwise keep it
 * alive for good. Unref'd, so a shutdown that closed everything exits at once.
 */
function exitAfterDeadline(): { closed: boolean } {
  const state = { closed: false };
  setTimeout(() => {
    const what = state.closed ? 'handles still open' : 'shutdown not finished';
    console.error(`veil: ${what} after ${SHUTDOWN_DEADLINE_MS} ms, exiting`);
    process.exit(state.closed ? 0 : 1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  return state;
}

/**
 * Under `npm start`, stops when npm goes: a killed npm does not pass every signal on, and the
 * server would outlive it. The process is then adopted by another parent; a check a second
 * (unref'd, so it keeps nothing alive) notices.
 */
function watchParent(onGone: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, 1_000);
  timer.unref();
}
