import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chownSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { TopologyChild } from './topology-child.js';

// The two servers of `veil topology`, from the machine's own binaries: Postgres (Debian's
// /usr/lib/postgresql/<version>/bin, else PATH) and nats-server (PATH, else /usr/sbin).

/** A free TCP port of 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The directory holding initdb, postgres, pg_isready and createdb. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => join(debian, v, 'bin'))
    : [];
  const path = (env['PATH'] ?? '').split(delimiter).filter(Boolean);
  const found = [...versions, ...path].find(
    (dir) => executable(join(dir, 'postgres')) && executable(join(dir, 'initdb')),
  );
  if (!found) throw new Error('no Postgres server binaries: apt-get install -y postgresql');
  return found;
}

export function natsServerBinary(env: NodeJS.ProcessEnv = process.env): string {
  const path = (env['PATH'] ?? '').split(delimiter).filter(Boolean);
  const found = [...path, '/usr/sbin'].map((dir) => join(dir, 'nats-server')).find(executable);
  if (!found) throw new Error('no nats-server binary: apt-get install -y nats-server');
  return found;
}

/** Postgres refuses to run as root: then it runs as the `postgres` user. */
function unprivileged(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' });
  const [, , uid, gid] = entry.trim().split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface RunningPostgres {
  readonly url: string;
  readonly dataDir: string;
  readonly child: TopologyChild;
}

/**
 * Postgres in `dir` (created with initdb and a `veil` user and database the first time, kept
 * between runs), on 127.0.0.1:`port`, with password authentication and the production setting
 * docs/operations.md recommends (`wal_init_zero=off`).
 */
export async function startPostgres(
  dir: string,
  port: number,
  logDir: string,
): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  const user = unprivileged();
  const dataDir = join(dir, 'data');
  const passwordFile = join(dir, 'password');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) chownSync(dir, user.uid, user.gid);
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const password = process.env['VEIL_PG_PASSWORD'] || `pg-${randomBytes(12).toString('hex')}`;
    writeFileSync(passwordFile, password, { mode: 0o600 });
    if (user) chownSync(passwordFile, user.uid, user.gid);
    try {
      execFileSync(
        join(bin, 'initdb'),
        ['-D', dataDir, '-U', 'veil', '-A', 'scram-sha-256', `--pwfile=${passwordFile}`],
        { env, cwd: dir, stdio: 'pipe', ...user },
      );
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
      const hint = user
        ? ` (as root, Postgres runs as the postgres user, who must reach ${dir})`
        : '';
      throw new Error(`initdb failed${hint}: ${stderr || String(error)}`);
    }
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const child = new TopologyChild(
    'postgres',
    join(bin, 'postgres'),
    [
      ...['-D', dataDir, '-p', String(port), '-k', dir],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      ...['-c', 'wal_init_zero=off'],
    ],
    { env, cwd: dir, logFile: join(logDir, 'postgres.log'), ...user },
  );
  await child.waitForOutput(/ready to accept connections/, 60_000);
  const pgEnv = { ...env, PGPASSWORD: password };
  const databases = execFileSync(
    join(bin, 'psql'),
    [
      ...['-h', '127.0.0.1', '-p', String(port), '-U', 'veil', '-d', 'postgres', '-At'],
      ...['-c', "select 1 from pg_database where datname = 'veil'"],
    ],
    { env: pgEnv, encoding: 'utf8', stdio: 'pipe' },
  );
  if (databases.trim() !== '1') {
    execFileSync(
      join(bin, 'createdb'),
      ['-h', '127.0.0.1', '-p', String(port), '-U', 'veil', 'veil'],
      {
        env: pgEnv,
        stdio: 'pipe',
      },
    );
  }
  const url = `postgres://veil:${encodeURIComponent(password)}@127.0.0.1:${port}/veil`;
  return { url, dataDir, child };
}

export interface RunningNats {
  readonly url: string;
  readonly monitorUrl: string;
  readonly child: TopologyChild;
}

/**
 * nats-server with infra/nats/nats.conf as it is (JetStream under `dir`), the three users'
 * passwords in the variables it reads, on 127.0.0.1:`port` and monitoring on `monitorPort`.
 */
export async function startNats(options: {
  config: string;
  dir: string;
  port: number;
  monitorPort: number;
  passwords: Readonly<Record<string, string>>;
  logDir: string;
}): Promise<RunningNats> {
  mkdirSync(options.dir, { recursive: true });
  const child = new TopologyChild(
    'nats',
    natsServerBinary(),
    [
      ...['-c', options.config, '-a', '127.0.0.1'],
      ...['-p', String(options.port), '-m', String(options.monitorPort)],
    ],
    {
      env: { ...process.env, ...options.passwords, VEIL_NATS_STORE_DIR: options.dir },
      logFile: join(options.logDir, 'nats.log'),
    },
  );
  await child.waitForOutput(/Server is ready/, 30_000);
  return {
    url: `nats://127.0.0.1:${options.port}`,
    monitorUrl: `http://127.0.0.1:${options.monitorPort}`,
    child,
  };
}
