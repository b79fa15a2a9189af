/**
 * The room runner's hand-written per-command queue before it took `@veil/store`'s `Limiter(1)`,
 * kept here only as this benchmark's baseline: tasks one at a time, in arrival order.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  get size(): number {
    return this.pending;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(task).finally(() => {
      this.pending -= 1;
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves when every task queued so far has finished. */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}
