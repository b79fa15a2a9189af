import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/**
 * One process of `veil topology`: its output goes to a log file, and it runs in a process group
 * of its own, so a Ctrl-C in the terminal reaches only the launcher, which then stops the
 * processes in order (docs/operations.md, "The topology without Docker").
 */
export class TopologyChild {
  readonly #child: ChildProcess;
  readonly #exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #tail = '';
  #running = true;

  constructor(
    readonly name: string,
    command: string,
    args: readonly string[],
    options: {
      env: NodeJS.ProcessEnv;
      logFile: string;
      cwd?: string;
      uid?: number;
      gid?: number;
    },
  ) {
    const log = createWriteStream(options.logFile, { flags: 'a' });
    this.#child = spawn(command, args, {
      env: options.env,
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid }),
    });
    for (const stream of [this.#child.stdout, this.#child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        log.write(chunk);
        // The last few KB, for waitForOutput and for an error message.
        this.#tail = (this.#tail + chunk.toString('utf8')).slice(-16_384);
      });
    }
    this.#exited = new Promise((resolve) => {
      this.#child.once('error', () => resolve({ code: null, signal: null }));
      this.#child.once('exit', (code, signal) => {
        this.#running = false;
        log.end();
        resolve({ code, signal });
      });
    });
  }

  get pid(): number {
    return this.#child.pid ?? -1;
  }

  get running(): boolean {
    return this.#running;
  }

  get exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.#exited;
  }

  /** The end of its output. */
  output(): string {
    return this.#tail;
  }

  /** Resolves with the match once the output shows `pattern`; rejects if the process ends. */
  async waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const match = this.#tail.match(pattern);
      if (match) return match;
      if (!this.#running) throw new Error(`${this.name} exited:\n${this.#tail.slice(-2_000)}`);
      if (Date.now() > until) throw new Error(`${this.name} not ready in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Sends `signal`; after `graceMs` without an exit, SIGKILL. Resolves once it has exited. */
  async stop(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    if (!this.#running) return;
    this.#child.kill(signal);
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), graceMs);
    await this.#exited;
    clearTimeout(timer);
  }
}
