import { describe, expect, it } from 'vitest';
import { postgresPoolConfig } from './open-room-store.js';

describe('postgresPoolConfig', () => {
  const connectionString = 'postgres://veil@127.0.0.1:5432/veil';

  it('keeps idle connections open by default (node-postgres would close them after 10 s)', () => {
    expect(postgresPoolConfig({ connectionString })).toEqual({
      connectionString,
      idleTimeoutMillis: 0,
    });
  });

  it('passes the pool size and an idle timeout through when given', () => {
    expect(
      postgresPoolConfig({ connectionString, maxConnections: 4, idleTimeoutMs: 30_000 }),
    ).toEqual({ connectionString, max: 4, idleTimeoutMillis: 30_000 });
  });
});
