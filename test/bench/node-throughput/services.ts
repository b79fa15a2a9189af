/**
 * Real Postgres and NATS for the benchmark, found or started by test/support as for the
 * integration tests (DATABASE_URL / NATS_URL, else Testcontainers, else local binaries) but
 * with Postgres durable (fsync and synchronous commit on, unlike the tests' throwaway server),
 * and a fresh database on that server for this run.
 */
import pg from 'pg';
import { startServices } from '../../support/start-services.js';

export interface BenchServices {
  /** A database created for this run. */
  databaseUrl: string;
  natsUrl: string;
  stop(): Promise<void>;
}

/** The servers, or why there are none (the durable figures are then skipped). */
export async function benchServices(): Promise<BenchServices | { missing: string }> {
  const outcome = await startServices(process.env, { durablePostgres: true });
  if (!outcome.available) return { missing: outcome.missing.join('; ') };
  const name = `veilbench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: outcome.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(outcome.databaseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    natsUrl: outcome.natsUrl,
    stop: async () => {
      const client = new pg.Client({ connectionString: outcome.databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await client.end();
      await outcome.stop();
    },
  };
}
