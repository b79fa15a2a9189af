import { fileURLToPath } from 'node:url';
import { parseLogLevel } from '@veil/log';
import {
  startVeil,
  VEIL_ROLES,
  type Veil,
  type VeilOptions,
  type VeilRole,
} from './start-roles.js';
import { UsageError } from './args.js';

/** Where a built web client is looked for (served only if it exists). */
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The options of `veil start` from the environment (DESIGN §9): `VEIL_ROLE` (all | game | ai |
 * gateway, default all), `PORT` (3000), `HOST` (all interfaces), `DATABASE_URL` (else PGlite
 * under `VEIL_DATA_DIR`, default `./.veil`), `NATS_URL` (else the in-process bus), `LOG_LEVEL`
 * (info), `VEIL_AI_WORKERS` (AI workers in this process), `VEIL_WEB_DIR` (a built web client).
 */
export function startOptionsFromEnv(env: NodeJS.ProcessEnv): VeilOptions {
  const role = env['VEIL_ROLE'] || 'all';
  if (!(VEIL_ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`VEIL_ROLE must be one of ${VEIL_ROLES.join(', ')}, not "${role}"`);
  }
  const port = Number(env['PORT'] || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError('PORT must be a TCP port number');
  }
  const workers = env['VEIL_AI_WORKERS'];
  const aiWorkers = workers === undefined || workers === '' ? undefined : Number(workers);
  if (aiWorkers !== undefined && !(Number.isInteger(aiWorkers) && aiWorkers >= 0)) {
    throw new UsageError('VEIL_AI_WORKERS must be a whole number');
  }
  return {
    role: role as VeilRole,
    port,
    ...(env['HOST'] ? { host: env['HOST'] } : {}),
    databaseUrl: env['DATABASE_URL'] || undefined,
    natsUrl: env['NATS_URL'] || undefined,
    dataDir: env['VEIL_DATA_DIR'] || './.veil',
    webDir: env['VEIL_WEB_DIR'] || DEFAULT_WEB_DIR,
    logLevel: parseLogLevel(env['LOG_LEVEL']),
    ...(aiWorkers === undefined ? {} : { aiWorkers }),
  };
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

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  // A second signal while draining stops at once.
  const force = () => {
    console.error('veil: stopped without draining');
    process.exit(1);
  };
  process.once('SIGINT', force);
  process.once('SIGTERM', force);
  console.error(`veil: ${signal}, shutting down`);
  try {
    await veil.close();
    return 0;
  } catch (error) {
    console.error(`veil: shutdown failed: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
}
