/**
 * Runs at most `concurrency` tasks at once, the others in arrival order. The node's quiet
 * snapshots go through one: rooms that fall quiet together (the end of a busy spell) must not
 * take every database connection from the commits that are still coming.
 */
export class Limiter {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
