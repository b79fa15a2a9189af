import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Naming and cleanup of per-test databases, shared by test files (which create them) and the
// global teardown (which drops whatever a run left behind on a long-lived server).

const namePrefix = 'veiltest';

/** e.g. 'veiltest_1a2b3c4d_smoke_9f8e7d': unique, a valid identifier, under 63 bytes. */
export function testDatabaseName(runId: string, prefix: string): string {
  const label =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '_')
      .slice(0, 24) || 'db';
  return `${namePrefix}_${runId}_${label}_${randomBytes(3).toString('hex')}`;
}

/** The same server URL with another database. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs `work` on a short-lived connection to `url`. */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {
    // Errors surface through the query promises; an idle-connection error must not crash.
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  // FORCE (Postgres 13+) ends sessions a test forgot to close.
  await withClient(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`),
  );
}

/** Drops every database created during run `runId`; returns how many. */
export async function dropRunDatabases(serverUrl: string, runId: string): Promise<number> {
  const { rows } = await withClient(serverUrl, (client) =>
    client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [`${namePrefix}_${runId}_`],
    ),
  );
  for (const { datname } of rows) await dropDatabase(serverUrl, datname);
  return rows.length;
}
