import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onProcessExit } from './exit-cleanup.js';

// One temp directory per test run holds every locally started server's data. It records the
// owning Node pid and each server's pid, so that a later run can clean up after a run that was
// killed outright (SIGKILL leaves no chance to clean up).

export interface UserIds {
  uid: number;
  gid: number;
}

export interface RunDir {
  readonly path: string;
  /** Creates `name` inside the run dir, owned by `owner` when given (e.g. the postgres user). */
  subdir(name: string, owner?: UserIds): string;
  /** Remembers a server's pid for the stale-run sweep. */
  recordPid(name: string, pid: number): void;
  /** Deletes the directory (servers must be stopped first). */
  remove(): void;
}

const prefix = 'veil-services-';

export function createRunDir(): RunDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  // Other users (postgres) must be able to reach their own subdirectory.
  chmodSync(path, 0o755);
  mkdirSync(join(path, 'pids'));
  writeFileSync(join(path, 'owner.pid'), `${process.pid}\n`);

  const remove = (): void => rmSync(path, { recursive: true, force: true, maxRetries: 3 });
  const cancelExitRemove = onProcessExit(remove);
  return {
    path,
    subdir(name, owner) {
      const dir = join(path, name);
      mkdirSync(dir, { mode: 0o700 });
      if (owner) chownSync(dir, owner.uid, owner.gid);
      return dir;
    },
    recordPid(name, pid) {
      writeFileSync(join(path, 'pids', name), `${pid}\n`);
    },
    remove() {
      cancelExitRemove();
      remove();
    },
  };
}

/**
 * Kills servers left by earlier runs whose Node process is gone, and deletes their run dirs.
 * A pid is only killed if its command line still names that run dir (pids get reused).
 * Returns the directories removed.
 */
export function sweepStaleRunDirs(): string[] {
  const removed: string[] = [];
  for (const entry of safeReaddir(tmpdir())) {
    if (!entry.startsWith(prefix)) continue;
    const dir = join(tmpdir(), entry);
    if (!isStale(dir)) continue;
    for (const name of safeReaddir(join(dir, 'pids'))) {
      const pid = readPid(join(dir, 'pids', name));
      if (pid !== undefined && commandLine(pid).includes(dir)) killQuietly(pid);
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    removed.push(dir);
  }
  return removed;
}

function isStale(dir: string): boolean {
  const owner = readPid(join(dir, 'owner.pid'));
  if (owner === undefined) {
    // No owner file yet: possibly another run creating it this instant; leave young dirs alone.
    try {
      return Date.now() - statSync(dir).mtimeMs > 60_000;
    } catch {
      return false;
    }
  }
  return !isAlive(owner);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
