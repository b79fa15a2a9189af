import { locateNatsServer, locatePostgres } from './binaries.js';
import {
  containerEngineAnswers,
  startNatsContainer,
  startPostgresContainer,
} from './containers.js';
import { startLocalNats } from './local-nats.js';
import { startLocalPostgres } from './local-postgres.js';
import { progress, redactUrl } from './log.js';
import { natsAnswers, postgresAnswers, waitForReady } from './readiness.js';
import { createRunDir, sweepStaleRunDirs, type RunDir } from './run-dir.js';
import type { RunningService, ServiceKind } from './running-service.js';

// Finds Postgres and NATS for one test run, each on its own: the environment's URL, else a
// Testcontainers container when an engine answers, else the local binary, else "missing".
// Nothing is started unless both can be: a run is either fully served or skipped.

export type ServicesOutcome =
  | {
      available: true;
      databaseUrl: string;
      natsUrl: string;
      services: RunningService[];
      /** Stops what was started and deletes its data. */
      stop(): Promise<void>;
    }
  | { available: false; missing: string[] };

interface Plan {
  kind: ServiceKind;
  start(): Promise<RunningService>;
  /** Tried if `start` fails: the local binary when Testcontainers was first choice. */
  fallback?: () => Promise<RunningService>;
}

export interface StartServicesOptions {
  /**
   * Start Postgres with its durability settings on (fsync, synchronous commit), as benchmarks of
   * durable throughput need; tests run faster without. A `DATABASE_URL` server is used as it is.
   */
  readonly durablePostgres?: boolean;
}

export async function startServices(
  env: NodeJS.ProcessEnv = process.env,
  { durablePostgres = false }: StartServicesOptions = {},
): Promise<ServicesOutcome> {
  const fromEnv = { postgres: env['DATABASE_URL'], nats: env['NATS_URL'] };
  const needServers = !fromEnv.postgres || !fromEnv.nats;
  if (needServers) {
    const swept = sweepStaleRunDirs();
    if (swept.length > 0) progress(`cleaned up after ${swept.length} earlier run(s) that died`);
  }
  const useContainers = needServers && (await containerEngineAnswers(env));

  let runDir: RunDir | undefined;
  const localDir = (): RunDir => (runDir ??= createRunDir());
  const plans: Plan[] = [];
  const missing: string[] = [];

  if (fromEnv.postgres) {
    plans.push(envPlan('postgres', 'DATABASE_URL', fromEnv.postgres, postgresAnswers));
  } else {
    const local = locatePostgres(env);
    const durable = { durable: durablePostgres };
    const startLocal =
      'found' in local ? () => startLocalPostgres(local.found, localDir(), durable) : undefined;
    const startContainer = () => startPostgresContainer(durable);
    if (useContainers) plans.push(containerPlan('postgres', startContainer, startLocal));
    else if (startLocal) plans.push({ kind: 'postgres', start: startLocal });
    else if ('missing' in local) missing.push(local.missing);
  }

  if (fromEnv.nats) {
    plans.push(envPlan('nats', 'NATS_URL', fromEnv.nats, natsAnswers));
  } else {
    const local = locateNatsServer(env);
    const startLocal = 'found' in local ? () => startLocalNats(local.found, localDir()) : undefined;
    if (useContainers) plans.push(containerPlan('nats', startNatsContainer, startLocal));
    else if (startLocal) plans.push({ kind: 'nats', start: startLocal });
    else if ('missing' in local) missing.push(local.missing);
  }

  if (missing.length > 0) return { available: false, missing };

  const started: RunningService[] = [];
  const stop = async (): Promise<void> => {
    await Promise.allSettled(started.map((service) => service.stop()));
    runDir?.remove();
  };
  const results = await Promise.allSettled(
    plans.map(async (plan) => {
      const service = await startTimed(plan);
      started.push(service);
      return service;
    }),
  );
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [errorMessage(result.reason)] : [],
  );
  if (failures.length > 0) {
    await stop();
    const error = new Error(`could not start the integration services:\n${failures.join('\n')}`);
    error.stack = error.message; // the harness's own stack frames help nobody here
    throw error;
  }

  const urlOf = (kind: ServiceKind): string => {
    const service = started.find((candidate) => candidate.kind === kind);
    if (!service) throw new Error(`no ${kind} was started`);
    return service.url;
  };
  return {
    available: true,
    databaseUrl: urlOf('postgres'),
    natsUrl: urlOf('nats'),
    services: started,
    stop,
  };
}

function envPlan(
  kind: ServiceKind,
  variable: string,
  url: string,
  answers: (url: string) => Promise<void>,
): Plan {
  return {
    kind,
    start: async () => {
      // The URL was given on purpose: if it does not answer, that is an error, not a skip.
      await waitForReady(`${kind} at ${variable}=${redactUrl(url)}`, () => answers(url), {
        timeoutMs: 15_000,
      });
      return { kind, source: 'env', url, detail: redactUrl(url), stop: async () => undefined };
    },
  };
}

function containerPlan(
  kind: ServiceKind,
  startContainer: () => Promise<RunningService>,
  startLocal: (() => Promise<RunningService>) | undefined,
): Plan {
  return startLocal
    ? { kind, start: startContainer, fallback: startLocal }
    : { kind, start: startContainer };
}

async function startTimed(plan: Plan): Promise<RunningService> {
  const began = Date.now();
  let service: RunningService;
  try {
    service = await plan.start();
  } catch (error) {
    if (!plan.fallback) throw error;
    progress(`${plan.kind}: Testcontainers failed (${firstLine(error)}); using the local binary`);
    service = await plan.fallback();
  }
  progress(`${service.kind}: ${service.source}, ${service.detail}, up in ${Date.now() - began} ms`);
  return service;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function firstLine(error: unknown): string {
  return errorMessage(error).split('\n')[0] ?? '';
}
