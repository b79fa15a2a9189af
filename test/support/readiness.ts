import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'nats';
import pg from 'pg';
import { exitError, type ManagedProcess } from './child-process.js';

// "Ready" means a real client succeeds, not that a log line appeared: Postgres accepts a
// connection and runs a query; NATS accepts a connection and its JetStream API answers.

/** Thrown when the server process died while we waited for it (e.g. its port was taken). */
export class ServerExitedError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
    this.name = 'ServerExitedError';
  }
}

export interface WaitOptions {
  /** The server's process, if we started it: its exit ends the wait at once. */
  process?: ManagedProcess;
  /** Upper bound on the wait; the error then carries the last failure. */
  timeoutMs: number;
}

/** Retries `check` until it resolves, the process exits, or the time is up. */
export async function waitForReady(
  what: string,
  check: () => Promise<void>,
  { process: child, timeoutMs }: WaitOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delayMs = 50;
  let lastError: unknown;
  for (;;) {
    const exit = child?.exitInfo();
    if (child && exit) {
      const error = exitError(child.name, exit, child.output(), 'before it was ready');
      throw new ServerExitedError(error.message, child.output());
    }
    try {
      await check();
      return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? lastError.message : String(lastError);
      const output = child ? `\nLast output:\n${child.output().trimEnd().slice(-2000)}` : '';
      throw new Error(`${what} not ready after ${timeoutMs} ms: ${reason}${output}`);
    }
    await sleep(delayMs);
    delayMs = Math.min(delayMs * 2, 500);
  }
}

/** Connects to `url` and runs `select 1`. */
export async function postgresAnswers(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {
    // A server going away mid-check surfaces through connect/query instead.
  });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Connects to `url` and asks JetStream for the account info. */
export async function natsAnswers(url: string): Promise<void> {
  const nc = await connect({ servers: url, reconnect: false, timeout: 2_000 });
  try {
    const jsm = await nc.jetstreamManager({ timeout: 2_000 });
    await jsm.getAccountInfo();
  } finally {
    await nc.close().catch(() => undefined);
  }
}
