import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropRunDatabases } from './database-names.js';
import { loud, progress } from './log.js';
import './provided-context.js';
import { startServices } from './start-services.js';

// vitest globalSetup of the projects that use real servers (`integration`, `game-nodes`):
// starts Postgres and NATS once per project and run, and provides their URLs to that project's
// test files; the returned function stops them after the run (exit-cleanup covers Ctrl-C and
// crashes).

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outcome = await startServices();

  if (!outcome.available) {
    const reason = outcome.missing.join('; ');
    if (process.env['VEIL_REQUIRE_SERVICES'] === '1') {
      const error = new Error(
        `VEIL_REQUIRE_SERVICES=1 but integration services are missing: ${reason}`,
      );
      error.stack = error.message; // the stack of a missing binary helps nobody
      throw error;
    }
    loud(
      `Veil integration tests SKIPPED: ${reason} (and no Docker engine for Testcontainers). ` +
        'Set VEIL_REQUIRE_SERVICES=1 to make this an error',
    );
    project.provide('servicesSkipReason', reason);
    return async () => undefined;
  }

  const runId = randomBytes(4).toString('hex');
  project.provide('databaseUrl', outcome.databaseUrl);
  project.provide('natsUrl', outcome.natsUrl);
  project.provide('servicesRunId', runId);

  return async () => {
    // A server we started is thrown away whole; one from DATABASE_URL outlives the run, so
    // remove the databases the tests created on it.
    const postgres = outcome.services.find((service) => service.kind === 'postgres');
    if (postgres?.source === 'env') {
      const dropped = await dropRunDatabases(outcome.databaseUrl, runId).catch((error: unknown) => {
        progress(`could not drop this run's test databases: ${String(error)}`);
        return 0;
      });
      if (dropped > 0) progress(`dropped ${dropped} test database(s) from DATABASE_URL`);
    }
    await outcome.stop();
  };
}
