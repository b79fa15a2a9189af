import { DEFAULT_MAX_PAYLOAD_BYTES, type BusHooks } from './bus.js';
import { InProcessBus } from './in-process-bus.js';
import { SubjectIndex } from './subject-index.js';

/** A message as the broker routes it: already encoded, so no object is ever shared. */
export interface BrokerMessage {
  readonly subject: string;
  readonly reply: string | undefined;
  readonly payload: Uint8Array;
  /** Stands in for the NATS service-error headers on a handler_error reply. */
  readonly handlerError: boolean;
}

export interface BrokerSubscription {
  readonly pattern: string;
  readonly queue: string | undefined;
  /** Called synchronously while routing; the receiving connection defers the handling. */
  deliver(message: BrokerMessage): void;
}

export interface InProcessBrokerOptions {
  /** Like nats-server's `max_payload`; default 1 MiB. */
  maxPayloadBytes?: number;
}

/**
 * The in-process stand-in for a NATS server: connections made with `connect()` see each
 * other's messages exactly as NATS clients of one server would. The embedded default creates
 * one broker and gives each service its own connection, so each can drain on its own.
 */
export class InProcessBroker {
  readonly maxPayloadBytes: number;
  readonly #subscriptions = new SubjectIndex<BrokerSubscription>();
  // Round-robin position per queue group: deterministic, and every member gets its share.
  readonly #queueTurns = new Map<string, number>();
  #connections = 0;

  constructor(options: InProcessBrokerOptions = {}) {
    this.maxPayloadBytes = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  }

  connect(hooks: BusHooks = {}): InProcessBus {
    this.#connections += 1;
    return new InProcessBus(this, `c${this.#connections}`, hooks);
  }

  add(subscription: BrokerSubscription): void {
    this.#subscriptions.add(subscription.pattern, subscription);
  }

  remove(subscription: BrokerSubscription): void {
    this.#subscriptions.remove(subscription.pattern, subscription);
  }

  hasInterest(subject: string): boolean {
    return this.#subscriptions.match(subject).length > 0;
  }

  /** Every plain subscriber gets the message, and one member of each queue group. */
  route(message: BrokerMessage): void {
    const groups = new Map<string, BrokerSubscription[]>();
    for (const subscription of this.#subscriptions.match(message.subject)) {
      if (subscription.queue === undefined) {
        subscription.deliver(message);
        continue;
      }
      const members = groups.get(subscription.queue);
      if (members) members.push(subscription);
      else groups.set(subscription.queue, [subscription]);
    }
    for (const [queue, members] of groups) {
      const turn = this.#queueTurns.get(queue) ?? 0;
      this.#queueTurns.set(queue, turn + 1);
      members[turn % members.length]?.deliver(message);
    }
  }
}
