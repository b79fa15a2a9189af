import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { locatePostgres } from './binaries.js';
import { startServices } from './start-services.js';

// Benchmarks of durable throughput must run against a Postgres that flushes every commit;
// the tests' throwaway server does not. Checked on the server each option starts.

const settings = async (url: string): Promise<Record<string, string>> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings
        where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'wal_init_zero')`,
    );
    return Object.fromEntries(rows.rows.map((row) => [row.name, row.setting]));
  } finally {
    await client.end();
  }
};

const noUrls = { ...process.env, DATABASE_URL: '', NATS_URL: '' };
const local = 'found' in locatePostgres(noUrls);
const required = process.env['VEIL_REQUIRE_SERVICES'] === '1';

describe.skipIf(!local && !required)('a local Postgres for tests or for benchmarks', () => {
  it.each([
    [
      false,
      { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', wal_init_zero: 'on' },
    ],
    [
      true,
      // New WAL files are not zero-filled (no stall when one is created); every commit is flushed.
      { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on', wal_init_zero: 'off' },
    ],
  ])(
    'durablePostgres %s',
    async (durablePostgres, expected) => {
      const outcome = await startServices(noUrls, { durablePostgres });
      if (!outcome.available) throw new Error(`no services: ${outcome.missing.join('; ')}`);
      try {
        expect(await settings(outcome.databaseUrl)).toEqual(expected);
      } finally {
        await outcome.stop();
      }
    },
    60_000,
  );
});
