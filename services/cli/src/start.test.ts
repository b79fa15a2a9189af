import { describe, expect, it } from 'vitest';
import { UsageError } from './args.js';
import { startOptionsFromEnv } from './start.js';

describe('veil start configuration', () => {
  it('defaults to the embedded default: all roles, port 3000, PGlite under ./.veil', () => {
    const options = startOptionsFromEnv({});
    expect(options).toMatchObject({
      role: 'all',
      port: 3000,
      dataDir: './.veil',
      databaseUrl: undefined,
      natsUrl: undefined,
      logLevel: 'info',
    });
    expect(options.webDir).toMatch(/services[/\\]web[/\\]dist$/);
  });

  it('reads the servers, the role, the port and the log level from the environment', () => {
    expect(
      startOptionsFromEnv({
        VEIL_ROLE: 'gateway',
        PORT: '8080',
        DATABASE_URL: 'postgres://db/veil',
        NATS_URL: 'nats://nats:4222',
        VEIL_DATA_DIR: '/var/veil',
        LOG_LEVEL: 'warn',
        VEIL_AI_WORKERS: '3',
      }),
    ).toMatchObject({
      role: 'gateway',
      port: 8080,
      databaseUrl: 'postgres://db/veil',
      natsUrl: 'nats://nats:4222',
      dataDir: '/var/veil',
      logLevel: 'warn',
      aiWorkers: 3,
    });
  });

  it('takes the NATS credentials as their own variables, never in the URL', () => {
    expect(
      startOptionsFromEnv({
        NATS_URL: 'nats://nats:4222',
        NATS_USER: 'game',
        NATS_PASSWORD: 'secret',
      }),
    ).toMatchObject({ natsUrl: 'nats://nats:4222', natsUser: 'game', natsPassword: 'secret' });
    // The client would ignore them there and connect as nobody.
    expect(() => startOptionsFromEnv({ NATS_URL: 'nats://game:secret@nats:4222' })).toThrow(
      /NATS_URL: must not hold credentials/,
    );
    expect(() =>
      startOptionsFromEnv({ NATS_URL: 'nats://a:4222,nats://game:secret@b:4222' }),
    ).toThrow(UsageError);
  });

  it('reads the liveness timings, and refuses a deadline within one heartbeat', () => {
    expect(
      startOptionsFromEnv({ VEIL_HEARTBEAT_MS: '200', VEIL_LIVENESS_DEADLINE_MS: '1000' }).node,
    ).toMatchObject({ heartbeatMs: 200, livenessDeadlineMs: 1000 });
    expect(() => startOptionsFromEnv({ VEIL_LIVENESS_DEADLINE_MS: '250' })).toThrow(
      /VEIL_LIVENESS_DEADLINE_MS must be longer/,
    );
    expect(() =>
      startOptionsFromEnv({ VEIL_HEARTBEAT_MS: '3000', VEIL_LIVENESS_DEADLINE_MS: '2000' }),
    ).toThrow(UsageError);
  });

  it('reads the expired-lease sweep settings, 0 turning the sweep off', () => {
    expect(
      startOptionsFromEnv({ VEIL_LEASE_SWEEP_MS: '0', VEIL_LEASE_SWEEP_BATCH: '20' }).node,
    ).toMatchObject({ leaseSweepMs: 0, leaseSweepBatch: 20 });
    // Unset: the game node's own defaults apply.
    expect(startOptionsFromEnv({}).node?.leaseSweepMs).toBeUndefined();
    expect(startOptionsFromEnv({}).node?.leaseSweepBatch).toBeUndefined();
    expect(() => startOptionsFromEnv({ VEIL_LEASE_SWEEP_BATCH: '0' })).toThrow(UsageError);
    expect(() => startOptionsFromEnv({ VEIL_LEASE_SWEEP_MS: 'often' })).toThrow(UsageError);
  });

  it('reads the time after which a room nobody joined is abandoned, 0 turning it off', () => {
    expect(startOptionsFromEnv({ VEIL_ABANDON_UNJOINED_MS: '0' }).node?.abandonUnjoinedMs).toBe(0);
    expect(
      startOptionsFromEnv({ VEIL_ABANDON_UNJOINED_MS: '120000' }).node?.abandonUnjoinedMs,
    ).toBe(120_000);
    expect(startOptionsFromEnv({}).node?.abandonUnjoinedMs).toBeUndefined();
    expect(() => startOptionsFromEnv({ VEIL_ABANDON_UNJOINED_MS: '-1' })).toThrow(UsageError);
  });

  it('refuses an unknown role, a bad port and a bad worker count', () => {
    expect(() => startOptionsFromEnv({ VEIL_ROLE: 'everything' })).toThrow(UsageError);
    expect(() => startOptionsFromEnv({ PORT: 'http' })).toThrow(UsageError);
    expect(() => startOptionsFromEnv({ PORT: '70000' })).toThrow(UsageError);
    expect(() => startOptionsFromEnv({ VEIL_AI_WORKERS: '-1' })).toThrow(UsageError);
  });
});
