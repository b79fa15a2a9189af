/**
 * The handler runs a bus has started and not finished, so that `drain()` can wait for them.
 * Tracked promises must not reject (the handler runner catches everything); if one does, the
 * rejection stays unhandled and surfaces instead of disappearing.
 */
export class InFlight {
  readonly #running = new Set<Promise<void>>();

  track(run: Promise<void>): void {
    const tracked = run.finally(() => this.#running.delete(tracked));
    this.#running.add(tracked);
  }

  /** Resolves once nothing is running, including runs started while waiting. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled(this.#running);
  }
}
