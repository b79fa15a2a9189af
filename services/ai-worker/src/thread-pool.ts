import { Worker } from 'node:worker_threads';
import type { Logger } from '@veil/log';
import {
  HandedBack,
  type DecisionJob,
  type DecisionRunner,
  type JobResult,
} from './decision-job.js';
import type { ThreadMessage } from './decision-thread.js';

interface Pending {
  readonly id: number;
  readonly job: DecisionJob;
  readonly resolve: (result: JobResult) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

const BOOTSTRAP = new URL('./thread-bootstrap.mjs', import.meta.url);

/**
 * A pool of decision threads (`worker_threads`): a search is CPU-bound, so one process uses
 * every core it is given. Jobs wait in one queue and go to the first idle thread; a thread
 * that dies fails its job and is replaced.
 */
export class ThreadPool implements DecisionRunner {
  private readonly queue: Pending[] = [];
  private readonly slots: Slot[] = [];
  private nextId = 0;
  private closed = false;

  private constructor(
    readonly games: ReadonlySet<string>,
    private readonly logger: Logger,
    private readonly extraPackages: readonly string[],
  ) {}

  /** Starts `size` threads and resolves once each has loaded its game modules. */
  static async start(
    size: number,
    logger: Logger,
    extraPackages: readonly string[] = [],
  ): Promise<ThreadPool> {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('threads must be ≥ 1');
    const started = await Promise.all(Array.from({ length: size }, () => spawn(extraPackages)));
    const pool = new ThreadPool(new Set(started[0]?.games), logger, extraPackages);
    for (const { worker } of started) pool.adopt(worker);
    return pool;
  }

  get size(): number {
    return this.slots.length;
  }

  /** Jobs waiting for a thread. */
  get waiting(): number {
    return this.queue.length;
  }

  run(job: DecisionJob): Promise<JobResult> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new HandedBack());
      this.queue.push({ id: (this.nextId += 1), job, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new HandedBack());
    for (const slot of this.slots) {
      slot.busy?.reject(new HandedBack());
      slot.busy = null;
    }
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private adopt(worker: Worker): void {
    const slot: Slot = { worker, busy: null };
    this.slots.push(slot);
    worker.on('message', (message: ThreadMessage) => this.settle(slot, message));
    worker.on('error', (error) => this.logger.error('decision thread failed', { error }));
    worker.on('exit', () => {
      if (this.closed) return;
      slot.busy?.reject(new Error('decision thread exited'));
      slot.busy = null;
      this.slots.splice(this.slots.indexOf(slot), 1);
      void spawn(this.extraPackages)
        .then(({ worker: replacement }) => {
          if (this.closed) return void replacement.terminate();
          this.adopt(replacement);
          this.dispatch();
        })
        .catch((error: unknown) => this.logger.error('decision thread not replaced', { error }));
    });
  }

  private settle(slot: Slot, message: ThreadMessage): void {
    const pending = slot.busy;
    if (message.kind === 'ready' || !pending || pending.id !== message.id) return;
    slot.busy = null;
    if (message.kind === 'done') {
      const { action, iterations, seconds } = message;
      pending.resolve({ action, iterations, seconds });
    } else {
      pending.reject(new Error(message.message));
    }
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const next = this.queue.shift();
      if (!next) return;
      slot.busy = next;
      slot.worker.postMessage({ id: next.id, job: next.job });
    }
  }
}

function spawn(
  extraPackages: readonly string[],
): Promise<{ worker: Worker; games: readonly string[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { workerData: { extraPackages: [...extraPackages] } });
    const onError = (error: Error): void => reject(error);
    worker.once('error', onError);
    worker.once('message', (message: ThreadMessage) => {
      worker.off('error', onError);
      if (message.kind === 'ready') resolve({ worker, games: message.games });
      else reject(new Error('decision thread spoke before it was ready'));
    });
  });
}
