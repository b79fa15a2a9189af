import type { BusHandler, BusMessage } from '../bus.js';

/** Records what a subscription receives and lets a test wait for a number of messages. */
export class MessageCollector {
  readonly messages: BusMessage[] = [];
  #waiters: { count: number; resolve: () => void }[] = [];

  readonly handler: BusHandler = (message) => {
    this.messages.push(message);
    this.#waiters = this.#waiters.filter((waiter) => {
      if (this.messages.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  };

  get subjects(): string[] {
    return this.messages.map((message) => message.subject);
  }

  get data(): unknown[] {
    return this.messages.map((message) => message.data);
  }

  /** Resolves once at least `count` messages arrived (the test's timeout bounds the wait). */
  waitFor(count: number): Promise<void> {
    if (this.messages.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }
}
