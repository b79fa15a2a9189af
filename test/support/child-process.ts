import { spawn } from 'node:child_process';
import { onProcessExit } from './exit-cleanup.js';

export interface StartProcessOptions {
  /** Short name used in messages, e.g. 'postgres'. */
  name: string;
  command: string;
  args?: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Run as this user/group (only possible when this process is root). */
  uid?: number;
  gid?: number;
  /** Signal for a graceful stop() (default SIGTERM). */
  stopSignal?: NodeJS.Signals;
  /** Signal sent if this Node process exits while the child still runs (default SIGKILL). */
  exitSignal?: NodeJS.Signals;
  /** Copy the child's output to stderr, prefixed with its name (default: VEIL_SERVICES_VERBOSE=1). */
  echo?: boolean;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  /** Settles when the child exits (never rejects). */
  readonly exited: Promise<ExitInfo>;
  /** Set once the child has exited. */
  exitInfo(): ExitInfo | undefined;
  /** The last ~64 KB of stdout and stderr, interleaved. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if the child exits first. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Sends the stop signal, then SIGKILL after `graceMs`; resolves when the child is gone. */
  stop(graceMs?: number): Promise<ExitInfo>;
}

const outputLimit = 64 * 1024;

/**
 * Spawns a long-running child whose output is kept (for error messages) and which is killed if
 * this process exits without stopping it. Rejects if the command cannot be spawned at all.
 */
export async function startProcess(options: StartProcessOptions): Promise<ManagedProcess> {
  const child = spawn(options.command, options.args ?? [], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) =>
      reject(new Error(`${options.name}: cannot start ${options.command}: ${error.message}`)),
    );
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name}: spawned without a pid`);

  const echo = options.echo ?? process.env['VEIL_SERVICES_VERBOSE'] === '1';
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    text = (text + chunk.toString('utf8')).slice(-outputLimit);
    if (echo) process.stderr.write(prefixLines(options.name, chunk.toString('utf8')));
    for (const listener of [...listeners]) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  let exitInfo: ExitInfo | undefined;
  const cancelExitKill = onProcessExit(() => {
    child.kill(options.exitSignal ?? 'SIGKILL');
  });
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      cancelExitKill();
      for (const listener of [...listeners]) listener();
      resolve(exitInfo);
    });
  });

  const waitForOutput = (pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const match = text.match(pattern);
        if (match) finish(() => resolve(match));
        else if (exitInfo) {
          const info = exitInfo;
          finish(() => reject(exitError(options.name, info, text, `before printing ${pattern}`)));
        }
      };
      const timer = setTimeout(
        () =>
          finish(() => reject(new Error(`${options.name}: no ${pattern} within ${timeoutMs} ms`))),
        timeoutMs,
      );
      const finish = (settle: () => void): void => {
        clearTimeout(timer);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });

  const stop = async (graceMs = 10_000): Promise<ExitInfo> => {
    if (exitInfo) return exitInfo;
    child.kill(options.stopSignal ?? 'SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    name: options.name,
    pid,
    exited,
    exitInfo: () => exitInfo,
    output: () => text,
    waitForOutput,
    stop,
  };
}

/** An error describing an unexpected exit, with the end of the child's output. */
export function exitError(name: string, info: ExitInfo, output: string, when: string): Error {
  const how = info.signal === null ? `with code ${info.code}` : `on ${info.signal}`;
  return new Error(`${name} exited ${how} ${when}. Last output:\n${tail(output, 20)}`);
}

function tail(text: string, lines: number): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n') || '(none)';
}

function prefixLines(name: string, text: string): string {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `[${name}] ${line}\n`)
    .join('');
}
