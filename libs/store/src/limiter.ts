/**
 * The one queue/lock helper: at most `concurrency` holders at once, the others served in arrival
 * order. The node's quiet snapshots and takeovers go through one (rooms that fall quiet or move
 * together must not take every database connection from the commits still coming), and with
 * `concurrency` 1 it is the PGlite driver's connection lock and a room's command queue.
 * Hand-written rather than p-limit: that one has no `acquire()` that outlives a call, which the
 * driver's acquire/release needs.
 */
export class Limiter {
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  readonly #idlers: (() => void)[] = [];

  constructor(readonly concurrency: number) {}

  /** Holders and waiters: the tasks not yet finished. */
  get size(): number {
    return this.#running + this.#waiting.length;
  }

  /** Resolves once nothing holds a slot or waits for one (tasks added meanwhile included). */
  async idle(): Promise<void> {
    while (this.size > 0) await new Promise<void>((resolve) => this.#idlers.push(resolve));
  }

  /** Resolves, in call order, with the function that frees the slot (later calls do nothing). */
  async acquire(): Promise<() => void> {
    if (this.#running >= this.concurrency) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else this.#running += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#release();
    };
  }

  /** Runs `task` once a slot is free; a task starts at once, in this tick, when one is. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else this.#running += 1;
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  /** Hands the slot to the next in line, or frees it. */
  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running -= 1;
    if (this.#running === 0) for (const idle of this.#idlers.splice(0)) idle();
  }
}
