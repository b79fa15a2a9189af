import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PostgresBinaries } from './binaries.js';
import { startProcess } from './child-process.js';
import { freePort } from './free-port.js';
import { postgresAnswers, ServerExitedError, waitForReady } from './readiness.js';
import type { RunDir, UserIds } from './run-dir.js';
import type { RunningService } from './running-service.js';

const execFileAsync = promisify(execFile);
const maxAttempts = 3;

/** Settings that trade durability for speed: fine for tests, whose data dies with the run. */
const NOT_DURABLE = [
  ['-c', 'fsync=off'],
  ['-c', 'synchronous_commit=off'],
  ['-c', 'full_page_writes=off'],
];

/**
 * A durable server's WAL files are not zero-filled when created (only their last byte is
 * written): a commit that needs a new 16 MB segment otherwise waits for it to be written and
 * flushed in full, and so does every commit behind it — a stall of tens of milliseconds every few
 * seconds under a steady write load. Durability is unchanged: every commit is still flushed.
 * docs/operations.md recommends the same for production.
 */
const DURABLE = [['-c', 'wal_init_zero=off']];

/**
 * Runs a throwaway Postgres: initdb (trust auth) into the run dir, then the server on a free
 * port of 127.0.0.1 with its socket inside the run dir. Durability is off (the data dies with
 * the run anyway) unless `durable` is set, as for benchmarks of durable throughput: then every
 * commit is flushed to disk, as in production. As root it runs as the `postgres` user, since
 * Postgres refuses root.
 */
export async function startLocalPostgres(
  binaries: PostgresBinaries,
  runDir: RunDir,
  { durable = false }: { durable?: boolean } = {},
): Promise<RunningService> {
  const user = process.getuid?.() === 0 ? unprivilegedUser() : undefined;
  const home = runDir.subdir('postgres', user);
  const dataDir = join(home, 'data');
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };

  try {
    await execFileAsync(
      binaries.initdb,
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
      { cwd: home, env, ...user },
    );
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`initdb failed: ${stderr?.trim() || message}`);
  }

  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = await startProcess({
      name: 'postgres',
      command: binaries.postgres,
      args: [
        ['-D', dataDir],
        ['-p', String(port)],
        ['-k', home],
        ['-c', 'listen_addresses=127.0.0.1'],
        ['-c', 'max_connections=200'],
        ...(durable ? DURABLE : NOT_DURABLE),
      ].flat(),
      cwd: home,
      env,
      ...user,
      stopSignal: 'SIGINT', // "fast" shutdown: disconnect clients, stop now
      exitSignal: 'SIGQUIT', // "immediate" shutdown, when the run is dying
    });
    runDir.recordPid('postgres', server.pid);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    try {
      await waitForReady('postgres', () => postgresAnswers(url), {
        process: server,
        timeoutMs: 60_000,
      });
    } catch (error) {
      await server.stop(2_000);
      const portTaken =
        error instanceof ServerExitedError && /could not bind|in use/i.test(error.output);
      if (portTaken && attempt < maxAttempts) continue;
      throw error;
    }
    return {
      kind: 'postgres',
      source: 'local',
      url,
      detail: `${binaries.version} on 127.0.0.1:${port}${durable ? ', durable (fsync on)' : ''}`,
      stop: async () => {
        await server.stop();
      },
    };
  }
}

/** Postgres will not run as root: use the `postgres` user (Debian's package creates it). */
function unprivilegedUser(): UserIds {
  for (const name of ['postgres', 'nobody']) {
    const ids = lookupUser(name);
    if (ids) return ids;
  }
  throw new Error('running as root, but there is no `postgres` user to run Postgres as');
}

function lookupUser(name: string): UserIds | undefined {
  try {
    const entry = execFileSync('getent', ['passwd', name], { encoding: 'utf8', stdio: 'pipe' });
    const [, , uid, gid] = entry.trim().split(':');
    return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
  } catch {
    return undefined;
  }
}
