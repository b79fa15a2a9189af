import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateNatsServer, locatePostgres } from './binaries.js';

// Binary lookup against fake install trees: overrides win, and a `postgres` that is not a
// PostgreSQL server is ignored.

const root = mkdtempSync(join(tmpdir(), 'veil-binaries-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function script(path: string, body: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

function fakePostgres(dir: string, version: string): void {
  script(join(dir, 'postgres'), `echo "postgres (PostgreSQL) ${version} (fake)"`);
  script(join(dir, 'initdb'), 'exit 0');
}

describe('locatePostgres', () => {
  const debian = join(root, 'usr-lib-postgresql');
  fakePostgres(join(debian, '13', 'bin'), '13.9');
  fakePostgres(join(debian, '15', 'bin'), '15.4');
  const impostor = join(root, 'impostor-bin');
  script(join(impostor, 'postgres'), 'echo "something else"');
  script(join(impostor, 'initdb'), 'exit 0');

  it('prefers the newest Debian version directory', () => {
    expect(locatePostgres({ PATH: impostor }, debian)).toEqual({
      found: {
        initdb: join(debian, '15', 'bin', 'initdb'),
        postgres: join(debian, '15', 'bin', 'postgres'),
        version: 'PostgreSQL 15.4',
      },
    });
  });

  it('skips a postgres on PATH that is not a PostgreSQL server', () => {
    const result = locatePostgres({ PATH: impostor }, join(root, 'absent'));
    expect(result).toMatchObject({
      missing: expect.stringContaining('apt-get install -y postgresql'),
    });
  });

  it('uses only VEIL_PG_BIN when it is set', () => {
    const override = join(debian, '13', 'bin');
    expect(locatePostgres({ VEIL_PG_BIN: override }, debian)).toMatchObject({
      found: { version: 'PostgreSQL 13.9' },
    });
    expect(locatePostgres({ VEIL_PG_BIN: join(override, 'postgres') }, debian)).toMatchObject({
      found: { version: 'PostgreSQL 13.9' },
    });
    expect(locatePostgres({ VEIL_PG_BIN: join(root, 'nope') }, debian)).toMatchObject({
      missing: expect.stringContaining('VEIL_PG_BIN='),
    });
  });
});

describe('locateNatsServer', () => {
  const bin = join(root, 'nats-bin');
  const nats = script(join(bin, 'nats-server'), 'exit 0');

  it('finds nats-server on PATH', () => {
    expect(locateNatsServer({ PATH: `${join(root, 'empty')}:${bin}` })).toEqual({ found: nats });
  });

  it('uses only VEIL_NATS_BIN when it is set', () => {
    expect(locateNatsServer({ PATH: bin, VEIL_NATS_BIN: join(root, 'nope') })).toMatchObject({
      missing: expect.stringContaining('apt-get install -y nats-server'),
    });
  });
});
