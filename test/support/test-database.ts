import { inject } from 'vitest';
import {
  databaseOf,
  dropDatabase,
  quoteIdentifier,
  testDatabaseName,
  withClient,
  withDatabase,
} from './database-names.js';
import { services } from './services.js';

/**
 * Creates a fresh, uniquely named database on the test Postgres server and returns its URL, so
 * test files running at the same time never share tables. `prefix` only makes the name
 * readable. The global teardown drops every database of the run; `dropTestDatabase` drops one
 * earlier.
 */
export async function createTestDatabase(prefix: string): Promise<string> {
  const { databaseUrl } = services();
  const name = testDatabaseName(inject('servicesRunId') ?? 'norun', prefix);
  await withClient(databaseUrl, (client) =>
    client.query(`CREATE DATABASE ${quoteIdentifier(name)}`),
  );
  return withDatabase(databaseUrl, name);
}

/** Drops a database made by `createTestDatabase` (ending any sessions still open on it). */
export async function dropTestDatabase(url: string): Promise<void> {
  await dropDatabase(services().databaseUrl, databaseOf(url));
}
