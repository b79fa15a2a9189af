import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

// Where the harness looks for the server binaries it can run itself. An override
// (VEIL_PG_BIN / VEIL_NATS_BIN) is authoritative: when set, nothing else is tried.

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** e.g. 'PostgreSQL 15.14' */
  version: string;
}

export type Located<T> = { found: T } | { missing: string };

/** The Debian layout: one directory per major version, newest preferred. */
export const debianPostgresRoot = '/usr/lib/postgresql';

const pgInstallHint = 'install it with `apt-get install -y postgresql`, or set DATABASE_URL';
const natsInstallHint = 'install it with `apt-get install -y nats-server`, or set NATS_URL';

/**
 * Finds initdb + postgres: VEIL_PG_BIN (their directory, or the postgres binary itself), else
 * the newest /usr/lib/postgresql/<version>/bin, else PATH. A candidate must report itself as a
 * PostgreSQL server (`postgres -V`), so an unrelated `postgres` on PATH is not used.
 */
export function locatePostgres(
  env: NodeJS.ProcessEnv = process.env,
  root = debianPostgresRoot,
): Located<PostgresBinaries> {
  const override = env['VEIL_PG_BIN'];
  if (override !== undefined && override !== '') {
    const dir = isFile(override) ? dirname(override) : override;
    const found = postgresIn(dir);
    return found
      ? { found }
      : { missing: `no initdb + postgres in VEIL_PG_BIN=${override}; ${pgInstallHint}` };
  }
  for (const dir of [...debianPostgresDirs(root), ...pathDirs(env)]) {
    const found = postgresIn(dir);
    if (found) return { found };
  }
  return {
    missing: `no PostgreSQL server binaries (looked in ${root}/*/bin and PATH); ${pgInstallHint}`,
  };
}

/** Finds nats-server: VEIL_NATS_BIN, else PATH, else /usr/sbin (not on a normal user's PATH). */
export function locateNatsServer(env: NodeJS.ProcessEnv = process.env): Located<string> {
  const override = env['VEIL_NATS_BIN'];
  if (override !== undefined && override !== '') {
    return isExecutable(override)
      ? { found: override }
      : { missing: `VEIL_NATS_BIN=${override} is not an executable; ${natsInstallHint}` };
  }
  for (const dir of [...pathDirs(env), '/usr/sbin']) {
    const candidate = join(dir, 'nats-server');
    if (isExecutable(candidate)) return { found: candidate };
  }
  return { missing: `nats-server not found (looked in PATH and /usr/sbin); ${natsInstallHint}` };
}

function debianPostgresDirs(root: string): string[] {
  let versions: string[];
  try {
    versions = readdirSync(root);
  } catch {
    return [];
  }
  return versions
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, 'bin'));
}

function postgresIn(dir: string): PostgresBinaries | undefined {
  const postgres = join(dir, 'postgres');
  const initdb = join(dir, 'initdb');
  if (!isExecutable(postgres) || !isExecutable(initdb)) return undefined;
  const version = serverVersion(postgres);
  return version === undefined ? undefined : { initdb, postgres, version };
}

/** 'PostgreSQL 15.14' from `postgres -V` ("postgres (PostgreSQL) 15.14 (Debian …)"). */
function serverVersion(postgres: string): string | undefined {
  try {
    const out = execFileSync(postgres, ['-V'], {
      encoding: 'utf8',
      stdio: 'pipe',
      timeout: 10_000,
    });
    const match = /^postgres \(PostgreSQL\) (\d+(?:\.\d+)?)/.exec(out);
    return match ? `PostgreSQL ${match[1]}` : undefined;
  } catch {
    return undefined;
  }
}

function pathDirs(env: NodeJS.ProcessEnv): string[] {
  return (env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '');
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isExecutable(path: string): boolean {
  if (!isFile(path)) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
