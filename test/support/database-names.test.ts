import { describe, expect, it } from 'vitest';
import { databaseOf, quoteIdentifier, testDatabaseName, withDatabase } from './database-names.js';

describe('test database names', () => {
  it('are valid, unique and short enough for Postgres', () => {
    const a = testDatabaseName('1a2b3c4d', 'Store: CAS & leases — a very long prefix indeed');
    const b = testDatabaseName('1a2b3c4d', 'Store: CAS & leases — a very long prefix indeed');
    expect(a).toMatch(/^veiltest_1a2b3c4d_[a-z0-9_]+_[0-9a-f]{6}$/);
    expect(a).not.toBe(b);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(63);
  });

  it('swap the database of a URL and keep the rest', () => {
    const url = withDatabase('postgres://u:p%40ss@db.example:5433/postgres?sslmode=disable', 'x_1');
    expect(url).toBe('postgres://u:p%40ss@db.example:5433/x_1?sslmode=disable');
    expect(databaseOf(url)).toBe('x_1');
  });

  it('quote identifiers', () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
  });
});
