import { existsSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { natsAnswers, postgresAnswers, waitForReady } from './readiness.js';
import type { RunningService } from './running-service.js';

// Testcontainers, used only when a Docker (or compatible) engine answers. testcontainers is
// imported lazily so that machines without an engine never pay for loading it.

export const postgresImage = 'postgres:15-alpine';
export const natsImage = 'nats:2.10-alpine';

const detectTimeoutMs = 5_000;

/**
 * True when Testcontainers can reach a container engine. Cheap and silent when there is none:
 * without a configured host or a known socket file it answers without loading testcontainers,
 * and a socket nobody answers on is given up after a few seconds.
 */
export async function containerEngineAnswers(
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  if (env['VEIL_TESTCONTAINERS'] === '0') return false;
  if (!engineConfigured(env)) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const answered = getContainerRuntimeClient().then(
      () => true,
      () => false,
    );
    return await Promise.race([answered, sleep(detectTimeoutMs, false, { ref: false })]);
  } catch {
    return false;
  }
}

/** The places testcontainers' own strategies look for an engine. */
function engineConfigured(env: NodeJS.ProcessEnv): boolean {
  if (env['DOCKER_HOST']) return true;
  const home = homedir();
  const sockets = [
    '/var/run/docker.sock',
    env['XDG_RUNTIME_DIR'] ? join(env['XDG_RUNTIME_DIR'], 'docker.sock') : undefined,
    join(home, '.docker', 'run', 'docker.sock'),
    join(home, '.docker', 'desktop', 'docker.sock'),
    join('/run', 'user', String(userInfo().uid), 'docker.sock'),
    join(home, '.testcontainers.properties'),
  ];
  return sockets.some((path) => path !== undefined && existsSync(path));
}

/** `durable`: every commit flushed to a real disk, for benchmarks (else faster, for tests). */
export async function startPostgresContainer({
  durable = false,
}: { durable?: boolean } = {}): Promise<RunningService> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const settings = durable
    ? ['max_connections=200']
    : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=200'];
  let definition = new GenericContainer(postgresImage)
    .withEnvironment({ POSTGRES_PASSWORD: 'veil', POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withCommand(['postgres', ...settings.flatMap((setting) => ['-c', setting])]);
  if (!durable) definition = definition.withTmpFs({ '/var/lib/postgresql/data': 'rw' });
  const container = await definition
    .withExposedPorts(5432)
    // The image's entrypoint starts the server twice (init, then for real): wait for the second.
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const address = `${container.getHost()}:${container.getMappedPort(5432)}`;
  const url = `postgres://postgres:veil@${address}/postgres`;
  await waitForReady('postgres container', () => postgresAnswers(url), { timeoutMs: 60_000 });
  return {
    kind: 'postgres',
    source: 'testcontainers',
    url,
    detail: `${postgresImage} on ${address}`,
    stop: async () => {
      await container.stop();
    },
  };
}

export async function startNatsContainer(): Promise<RunningService> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(natsImage)
    .withCommand(['-js', '-sd', '/data'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  const address = `${container.getHost()}:${container.getMappedPort(4222)}`;
  const url = `nats://${address}`;
  await waitForReady('nats container', () => natsAnswers(url), { timeoutMs: 30_000 });
  return {
    kind: 'nats',
    source: 'testcontainers',
    url,
    detail: `${natsImage} with JetStream on ${address}`,
    stop: async () => {
      await container.stop();
    },
  };
}
