/**
 * One round trip to the server for many callers: the subscriptions and unsubscriptions made in
 * the same run of code (a game node letting the rooms of one idle sweep go, or all of them as it
 * drains) wait for one PING's PONG instead of one each. The server answers in order, so the PONG
 * of a PING sent after them means it has processed them all. A caller that comes after that
 * PING has gone out waits for the next one.
 */
export class SharedFlush {
  #next: Promise<void> | null = null;

  /** `flush` sends a PING now and resolves on its PONG (nats.js' `flush`). */
  constructor(private readonly flush: () => Promise<void>) {}

  /** Resolves once the server has processed everything sent before this call; rejects as `flush`. */
  wait(): Promise<void> {
    this.#next ??= Promise.resolve().then(() => {
      this.#next = null;
      return this.flush();
    });
    return this.#next;
  }
}
