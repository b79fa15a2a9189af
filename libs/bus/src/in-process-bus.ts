import {
  requestTimeoutMs,
  type Bus,
  type BusHandler,
  type BusHooks,
  type BusSubscription,
  type RequestOptions,
  type SubscribeOptions,
} from './bus.js';
import { BusError, closedError, handlerErrorFor, logBusError } from './bus-error.js';
import { HANDLER_ERROR_BODY, runHandler, type ReplyChannel } from './handler-runner.js';
import type { BrokerMessage, BrokerSubscription, InProcessBroker } from './in-process-broker.js';
import { InFlight } from './in-flight.js';
import { laterTick } from './later-tick.js';
import { decodePayload, encodePayload } from './json-payload.js';
import { assertLiteralSubject, assertSubscribable } from './subjects.js';

// Like a network hop, handling always happens on a later macrotask, never inside `publish`;
// laterTick keeps FIFO order, and with it NATS' per-publisher ordering.

type SubscriptionState = 'active' | 'draining' | 'closed';

class InProcessSubscription implements BusSubscription, BrokerSubscription {
  state: SubscriptionState = 'active';

  constructor(
    readonly pattern: string,
    readonly queue: string | undefined,
    readonly deliver: (message: BrokerMessage) => void,
    private readonly detach: (subscription: InProcessSubscription) => void,
  ) {}

  get subject(): string {
    return this.pattern;
  }

  async unsubscribe(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.detach(this);
  }
}

interface PendingRequest {
  readonly subject: string;
  readonly resolve: (data: unknown) => void;
  readonly reject: (error: BusError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** One connection to an {@link InProcessBroker}; create it with `broker.connect()`. */
export class InProcessBus implements Bus {
  readonly #broker: InProcessBroker;
  readonly #inbox: string;
  readonly #onError: (error: BusError) => void;
  readonly #inFlight = new InFlight();
  readonly #subscriptions = new Set<InProcessSubscription>();
  readonly #pending = new Map<string, PendingRequest>();
  #inboxSubscription: BrokerSubscription | undefined;
  #requests = 0;
  #state: 'open' | 'draining' | 'closed' = 'open';
  #drained: Promise<void> | undefined;

  constructor(broker: InProcessBroker, connectionId: string, hooks: BusHooks = {}) {
    this.#broker = broker;
    this.#inbox = `_INBOX.${connectionId}`;
    this.#onError = hooks.onError ?? logBusError;
  }

  get maxPayloadBytes(): number {
    return this.#broker.maxPayloadBytes;
  }

  publish(subject: string, data: unknown): void {
    this.#assertCanSend();
    assertLiteralSubject(subject);
    const payload = encodePayload(data, this.maxPayloadBytes);
    this.#broker.route({ subject, reply: undefined, payload, handlerError: false });
  }

  async subscribe(
    subject: string,
    handler: BusHandler,
    options: SubscribeOptions = {},
  ): Promise<BusSubscription> {
    if (this.#state !== 'open') throw closedError();
    assertSubscribable(subject, options.queue);
    const subscription: InProcessSubscription = new InProcessSubscription(
      subject,
      options.queue,
      (message) => this.#schedule(subscription, handler, message),
      (detached) => {
        this.#subscriptions.delete(detached);
        this.#broker.remove(detached);
      },
    );
    this.#subscriptions.add(subscription);
    this.#broker.add(subscription);
    return subscription;
  }

  async request(subject: string, data: unknown, options?: RequestOptions): Promise<unknown> {
    this.#assertCanSend();
    assertLiteralSubject(subject);
    const timeoutMs = requestTimeoutMs(options);
    const payload = encodePayload(data, this.maxPayloadBytes);
    if (!this.#broker.hasInterest(subject)) {
      // NATS answers at once, but over the network: never synchronously.
      await laterTick();
      throw new BusError('no_responders', `no responders for "${subject}"`);
    }
    this.#listenOnInbox();
    this.#requests += 1;
    const token = String(this.#requests);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(token);
        reject(new BusError('timeout', `request to "${subject}" timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(token, { subject, resolve, reject, timer });
      this.#broker.route({
        subject,
        reply: `${this.#inbox}.${token}`,
        payload,
        handlerError: false,
      });
    });
  }

  async flush(): Promise<void> {
    this.#assertCanSend();
    await laterTick();
  }

  drain(): Promise<void> {
    this.#drained ??= this.#drain();
    return this.#drained;
  }

  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    for (const subscription of this.#subscriptions) {
      subscription.state = 'closed';
      this.#broker.remove(subscription);
    }
    this.#subscriptions.clear();
    if (this.#inboxSubscription) this.#broker.remove(this.#inboxSubscription);
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new BusError('closed', `bus closed before "${pending.subject}" replied`));
    }
    this.#pending.clear();
  }

  async #drain(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'draining';
    // Stop routing new messages here; those already routed are still handled.
    for (const subscription of this.#subscriptions) {
      subscription.state = 'draining';
      this.#broker.remove(subscription);
    }
    await this.#inFlight.settled();
    await this.close();
  }

  #schedule(subscription: InProcessSubscription, handler: BusHandler, message: BrokerMessage) {
    const handle = async (): Promise<void> => {
      await laterTick();
      if (subscription.state === 'closed' || this.#state === 'closed') return;
      await runHandler(
        handler,
        {
          subject: message.subject,
          payload: message.payload,
          reply: message.reply === undefined ? undefined : this.#replyChannel(message.reply),
        },
        { maxPayloadBytes: this.maxPayloadBytes, onError: this.#onError },
      );
    };
    this.#inFlight.track(handle());
  }

  #replyChannel(replySubject: string): ReplyChannel {
    return {
      send: (payload) => {
        this.#assertCanSend();
        this.#broker.route({
          subject: replySubject,
          reply: undefined,
          payload,
          handlerError: false,
        });
      },
      sendHandlerError: () => {
        this.#assertCanSend();
        this.#broker.route({
          subject: replySubject,
          reply: undefined,
          payload: encodePayload(HANDLER_ERROR_BODY, this.maxPayloadBytes),
          handlerError: true,
        });
      },
    };
  }

  // Replies come back through the broker like any message, as NATS inboxes do.
  #listenOnInbox(): void {
    if (this.#inboxSubscription) return;
    this.#inboxSubscription = {
      pattern: `${this.#inbox}.*`,
      queue: undefined,
      deliver: (message) => {
        void laterTick().then(() => this.#settle(message));
      },
    };
    this.#broker.add(this.#inboxSubscription);
  }

  #settle(reply: BrokerMessage): void {
    const token = reply.subject.slice(this.#inbox.length + 1);
    const pending = this.#pending.get(token);
    if (!pending) return; // timed out or closed already
    this.#pending.delete(token);
    clearTimeout(pending.timer);
    if (reply.handlerError) {
      pending.reject(handlerErrorFor(pending.subject));
      return;
    }
    try {
      pending.resolve(decodePayload(reply.payload));
    } catch (error) {
      pending.reject(error as BusError);
    }
  }

  #assertCanSend(): void {
    if (this.#state === 'closed') throw closedError();
  }
}
