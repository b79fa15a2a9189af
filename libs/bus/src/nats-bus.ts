import {
  connect,
  ErrorCode,
  Events,
  headers,
  NatsError,
  ServiceErrorCodeHeader,
  ServiceErrorHeader,
  type Msg,
  type NatsConnection,
  type Subscription,
} from 'nats';
import {
  DEFAULT_MAX_PAYLOAD_BYTES,
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
import { InFlight } from './in-flight.js';
import { laterTick } from './later-tick.js';
import { decodePayload, encodePayload } from './json-payload.js';
import { NatsRequests } from './nats-requests.js';
import { SharedFlush } from './shared-flush.js';
import { assertLiteralSubject, assertSubscribable } from './subjects.js';

export interface NatsBusOptions extends BusHooks {
  /** One or more server URLs (nats.js ignores credentials in a URL: give `user` and `pass`). */
  servers: string | string[];
  /** Connection name shown by the server's monitoring (e.g. `veil-game-1`). */
  name: string;
  user?: string | undefined;
  pass?: string | undefined;
  /**
   * Prefix of this connection's reply subjects (default `_INBOX`). Each Veil service user may
   * only subscribe to its own prefix (infra/nats): game `_INBOX.game`, gateway `_INBOX.gateway`.
   */
  inboxPrefix?: string;
  /** Reconnect attempts after a lost connection; default -1 (forever). */
  maxReconnectAttempts?: number;
  /** Pause between reconnect attempts to one server; default 1000 ms. */
  reconnectTimeWaitMs?: number;
}

/**
 * How long an unsubscription or a drain waits for a server that does not answer (a hung or
 * unreachable NATS) before going on: nothing is delivered to this process either way once its
 * subscriptions are gone, and a shutdown must end (docs/operations.md, "Stopping").
 */
export const UNANSWERED_SERVER_MS = 2_000;

/** `promise`, or nothing once `ms` have passed; never rejects. */
function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  const settled = promise.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([settled, expiry]).finally(() => clearTimeout(timer));
}

class NatsSubscription implements BusSubscription {
  constructor(
    readonly subject: string,
    readonly queue: string | undefined,
    readonly inner: Subscription,
    private readonly flushes: SharedFlush,
  ) {}

  async unsubscribe(): Promise<void> {
    if (this.inner.isClosed()) return;
    this.inner.unsubscribe();
    // Once the server answers the flush it has processed the UNSUB; one that does not answer is
    // not waited for: this connection stopped delivering to the handler already.
    await settledWithin(this.flushes.wait(), UNANSWERED_SERVER_MS);
  }
}

/** A {@link Bus} over one NATS connection (nats.js v2), reconnecting on its own. */
export class NatsBus implements Bus {
  readonly #connection: NatsConnection;
  readonly #onError: (error: BusError) => void;
  readonly #inFlight = new InFlight();
  readonly #subscriptions = new Set<NatsSubscription>();
  readonly #requests: NatsRequests;
  readonly #flushes: SharedFlush;
  #state: 'open' | 'draining' | 'closed' = 'open';
  #drained: Promise<void> | undefined;

  private constructor(
    connection: NatsConnection,
    onError: (error: BusError) => void,
    inboxPrefix: string | undefined,
  ) {
    this.#connection = connection;
    this.#onError = onError;
    this.#requests = new NatsRequests(connection, inboxPrefix);
    this.#flushes = new SharedFlush(() => connection.flush());
    void this.#watchStatus();
    void connection.closed().then((error) => {
      if (this.#state !== 'closed' && error) {
        this.#onError(new BusError('closed', 'the NATS connection closed', { cause: error }));
      }
      this.#state = 'closed';
      this.#requests.rejectAll(closedError);
    });
  }

  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    try {
      const connection = await connect({
        servers: options.servers,
        name: options.name,
        user: options.user,
        pass: options.pass,
        inboxPrefix: options.inboxPrefix,
        reconnect: true,
        maxReconnectAttempts: options.maxReconnectAttempts ?? -1,
        reconnectTimeWait: options.reconnectTimeWaitMs ?? 1000,
        // Otherwise nats.js builds Errors (stack traces) for every request, only to extend the
        // stack of a failure. Requests go through NatsRequests anyway; this covers flushes.
        noAsyncTraces: true,
      });
      return new NatsBus(connection, options.onError ?? logBusError, options.inboxPrefix);
    } catch (error) {
      const where = [options.servers].flat().map(withoutCredentials).join(', ');
      throw new BusError('connection_failed', `cannot connect to NATS at ${where}`, {
        cause: error,
      });
    }
  }

  /** The server's `max_payload`, as announced when connecting. */
  get maxPayloadBytes(): number {
    return this.#connection.info?.max_payload ?? DEFAULT_MAX_PAYLOAD_BYTES;
  }

  publish(subject: string, data: unknown): void {
    this.#assertCanSend();
    assertLiteralSubject(subject);
    const payload = encodePayload(data, this.maxPayloadBytes);
    this.#send(() => this.#connection.publish(subject, payload));
  }

  async subscribe(
    subject: string,
    handler: BusHandler,
    options: SubscribeOptions = {},
  ): Promise<BusSubscription> {
    if (this.#state !== 'open') throw closedError();
    assertSubscribable(subject, options.queue);
    let established = false;
    let refusal: NatsError | undefined;
    const inner = this.#send(() =>
      this.#connection.subscribe(subject, {
        queue: options.queue,
        callback: (error, message) => {
          if (error) {
            if (established) this.#report(translate(error, `subscription to "${subject}"`));
            else refusal = error;
            return;
          }
          this.#inFlight.track(this.#handle(handler, message));
        },
      }),
    );
    // The server answers a refused SUB with -ERR before the PONG that ends this flush.
    const failed = await this.#flushes.wait().then(
      () => refusal,
      (error: unknown) => error,
    );
    if (failed !== undefined) {
      // Not established (refused, or the connection dropped before the server confirmed it):
      // dropped here too, or the client would subscribe it again on reconnecting and hand its
      // messages to a handler whose caller was told it failed (a room loaded nowhere, answering).
      inner.unsubscribe();
      throw translate(failed, `subscribe to "${subject}"`);
    }
    established = true;
    const subscription = new NatsSubscription(subject, options.queue, inner, this.#flushes);
    this.#subscriptions.add(subscription);
    void inner.closed.then(() => this.#subscriptions.delete(subscription));
    return subscription;
  }

  async request(subject: string, data: unknown, options?: RequestOptions): Promise<unknown> {
    this.#assertCanSend();
    assertLiteralSubject(subject);
    const timeoutMs = requestTimeoutMs(options);
    const payload = encodePayload(data, this.maxPayloadBytes);
    let reply: Msg;
    try {
      reply = await this.#requests.request(subject, payload, timeoutMs, `request to "${subject}"`);
    } catch (error) {
      if (this.#state === 'closed') throw closedError();
      throw translate(error, `request to "${subject}"`);
    }
    if (reply.headers?.has(ServiceErrorCodeHeader)) throw handlerErrorFor(subject);
    return decodePayload(reply.data);
  }

  async flush(): Promise<void> {
    this.#assertCanSend();
    await this.#connection.flush().catch((error: unknown) => {
      throw translate(error, 'flush');
    });
    // A refused publish is reported before the server's PONG, but reaches onError through
    // nats.js' status stream, which runs on microtasks: by the next macrotask it has.
    await laterTick();
  }

  drain(): Promise<void> {
    this.#drained ??= this.#drain();
    return this.#drained;
  }

  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#requests.rejectAll(closedError);
    await this.#connection.close();
  }

  async #drain(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'draining';
    // Stop receiving first: each sub.drain() resolves once the server processed the UNSUB and
    // every message it had already sent us was handed to a handler.
    // A server that does not answer is waited for only so long (UNANSWERED_SERVER_MS).
    await settledWithin(
      Promise.allSettled([...this.#subscriptions].map(({ inner }) => inner.drain())),
      UNANSWERED_SERVER_MS,
    );
    // Handlers may still reply, publish or make requests of their own: the connection stays up.
    await this.#inFlight.settled();
    if (!this.#connection.isClosed()) {
      await settledWithin(this.#connection.drain(), UNANSWERED_SERVER_MS);
    }
    // nats.js leaves a connection whose drain failed (the server gone) open and reconnecting.
    if (!this.#connection.isClosed()) {
      await settledWithin(this.#connection.close(), UNANSWERED_SERVER_MS);
    }
    this.#state = 'closed';
  }

  async #handle(handler: BusHandler, message: Msg): Promise<void> {
    const reply = message.reply ? this.#replyChannel(message) : undefined;
    await runHandler(
      handler,
      { subject: message.subject, payload: message.data, reply },
      { maxPayloadBytes: this.maxPayloadBytes, onError: this.#onError },
    );
  }

  #replyChannel(message: Msg): ReplyChannel {
    return {
      send: (payload) => {
        this.#assertCanSend();
        this.#send(() => message.respond(payload));
      },
      sendHandlerError: () => {
        this.#assertCanSend();
        // The NATS micro-services convention, so other NATS tools recognise the failure.
        const errorHeaders = headers();
        errorHeaders.set(ServiceErrorCodeHeader, '500');
        errorHeaders.set(ServiceErrorHeader, 'handler_error');
        const payload = encodePayload(HANDLER_ERROR_BODY, this.maxPayloadBytes);
        this.#send(() => message.respond(payload, { headers: errorHeaders }));
      },
    };
  }

  // A refused publish only shows up in the connection's status stream.
  async #watchStatus(): Promise<void> {
    for await (const status of this.#connection.status()) {
      if (status.type !== Events.Error || status.data !== ErrorCode.PermissionsViolation) continue;
      const context = status.permissionContext;
      if (context?.operation !== 'publish') continue; // refused SUBs reject subscribe()
      this.#requests.publishDenied(context.subject);
      this.#onError(
        new BusError('permission_denied', `the server refused a publish to "${context.subject}"`),
      );
    }
  }

  #report(error: unknown): void {
    this.#onError(
      error instanceof BusError ? error : new BusError('closed', 'NATS error', { cause: error }),
    );
  }

  #send<T>(operation: () => T): T {
    try {
      return operation();
    } catch (error) {
      throw translate(error, 'send');
    }
  }

  #assertCanSend(): void {
    if (this.#state === 'closed' || this.#connection.isClosed()) throw closedError();
  }
}

/** A server URL fit for a log line: `nats://game:secret@nats:4222` → `nats://***@nats:4222`. */
function withoutCredentials(server: string): string {
  return server.replace(/^([a-z]+:\/\/)?[^@/]+@/i, '$1***@');
}

/** Translates nats.js errors into bus errors; anything else (a bug) passes through unchanged. */
function translate(error: unknown, what: string): unknown {
  if (!(error instanceof NatsError)) return error;
  const options = { cause: error };
  switch (error.code) {
    case ErrorCode.NoResponders:
      return new BusError('no_responders', `${what}: no responders`, options);
    case ErrorCode.Timeout:
      return new BusError('timeout', `${what} timed out`, options);
    case ErrorCode.PermissionsViolation:
      return new BusError('permission_denied', `${what}: ${error.message}`, options);
    case ErrorCode.MaxPayloadExceeded:
      return new BusError('payload_too_large', `${what}: payload too large`, options);
    case ErrorCode.BadSubject:
      return new BusError('invalid_subject', `${what}: bad subject`, options);
    case ErrorCode.ConnectionClosed:
    case ErrorCode.ConnectionDraining:
      return new BusError('closed', `${what}: the bus is closed`, options);
    default:
      return error;
  }
}
