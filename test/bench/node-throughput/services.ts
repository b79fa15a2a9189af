/**
 * Real Postgres and NATS for the benchmark, found or started by test/support as for the
 * integration tests (DATABASE_URL / NATS_URL, else Testcontainers, else local binaries) but
 * with Postgres durable (fsync and synchronous commit on, unlike the tests' throwaway server),
 * and a fresh database on that server for this run.
 *
 * A Postgres the harness started on this machine is reached through its Unix socket, as a game
 * node next to its database would be: on this kind of virtual machine a TCP loopback round
 * trip costs both ends noticeably more CPU (docs/benchmarks.md has the figures both ways).
 * `VEIL_BENCH_PG_TCP=1` measures over TCP instead.
 */
import pg from 'pg';
import { startServices } from '../../support/start-services.js';

export interface BenchServices {
  /** A database created for this run. */
  databaseUrl: string;
  /** How `databaseUrl` reaches the server: `unix socket` or `tcp`. */
  postgresTransport: 'unix socket' | 'tcp';
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
  const socketUrl =
    process.env['VEIL_BENCH_PG_TCP'] === '1' ? undefined : outcome.databaseSocketUrl;
  const url = new URL(socketUrl ?? outcome.databaseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    postgresTransport: socketUrl === undefined ? 'tcp' : 'unix socket',
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
