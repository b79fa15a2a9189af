import { createInbox, type Msg, type NatsConnection } from 'nats';
import { BusError } from './bus-error.js';

interface Pending {
  readonly resolve: (reply: Msg) => void;
  readonly reject: (error: unknown) => void;
  readonly timer: NodeJS.Timeout;
  readonly subject: string;
  readonly what: string;
}

/**
 * Request/reply over one wildcard inbox subscription (`<prefix>.<nuid>.*`), each request told
 * apart by the last token of its reply subject. This is what nats.js' own request mux does,
 * minus its bookkeeping: nats.js builds a `NatsError` (a stack trace) in every request it
 * settles, even a successful one, which was a tenth of a busy requester's CPU (a gateway, the
 * latency benchmark's driver).
 */
export class NatsRequests {
  readonly #connection: NatsConnection;
  readonly #inboxPrefix: string | undefined;
  readonly #pending = new Map<string, Pending>();
  #inbox: string | undefined;
  #next = 0;

  constructor(connection: NatsConnection, inboxPrefix: string | undefined) {
    this.#connection = connection;
    this.#inboxPrefix = inboxPrefix;
  }

  /** Sends `payload` to `subject`; resolves with the first reply, rejects after `timeoutMs`. */
  request(subject: string, payload: Uint8Array, timeoutMs: number, what: string): Promise<Msg> {
    const inbox = this.#ensureInbox();
    const token = (this.#next++).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(token);
        reject(new BusError('timeout', `${what} timed out`));
      }, timeoutMs);
      this.#pending.set(token, { resolve, reject, timer, subject, what });
      try {
        this.#connection.publish(subject, payload, { reply: `${inbox}.${token}` });
      } catch (error) {
        this.#settle(token);
        reject(error);
      }
    });
  }

  /** Rejects every request still waiting (the connection is closing). */
  rejectAll(error: (what: string) => unknown): void {
    for (const token of [...this.#pending.keys()]) {
      const pending = this.#settle(token);
      pending?.reject(error(pending.what));
    }
  }

  /** The server refused a publish to `subject`: the requests sent there get no answer. */
  publishDenied(subject: string): void {
    for (const [token, pending] of [...this.#pending]) {
      if (pending.subject !== subject) continue;
      this.#settle(token);
      pending.reject(new BusError('permission_denied', `${pending.what}: permission denied`));
    }
  }

  #ensureInbox(): string {
    if (this.#inbox !== undefined) return this.#inbox;
    const inbox = createInbox(this.#inboxPrefix);
    this.#connection.subscribe(`${inbox}.*`, {
      callback: (error, message) => {
        if (error) this.#inboxRefused(inbox);
        else this.#answer(message);
      },
    });
    this.#inbox = inbox;
    return inbox;
  }

  /**
   * The server refused the inbox subscription (this user may not subscribe to that prefix): no
   * reply can arrive, so every request fails now, and the next one subscribes again.
   */
  #inboxRefused(inbox: string): void {
    if (this.#inbox === inbox) this.#inbox = undefined;
    this.rejectAll((what) => new BusError('permission_denied', `${what}: permission denied`));
  }

  #answer(message: Msg): void {
    const token = message.subject.slice(message.subject.lastIndexOf('.') + 1);
    const pending = this.#settle(token);
    if (!pending) return; // late: the request timed out already
    // The server's "no responders" status: an empty message with a 503 header.
    if (message.data.length === 0 && message.headers?.code === 503) {
      pending.reject(new BusError('no_responders', `${pending.what}: no responders`));
    } else pending.resolve(message);
  }

  #settle(token: string): Pending | undefined {
    const pending = this.#pending.get(token);
    if (!pending) return undefined;
    this.#pending.delete(token);
    clearTimeout(pending.timer);
    return pending;
  }
}
