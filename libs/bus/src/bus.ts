import type { BusError } from './bus-error.js';

/**
 * The message bus every Veil service talks through: publish/subscribe, queue groups and
 * request/reply with JSON payloads. `NatsBus` implements it over a NATS server and
 * `InProcessBus` inside one process; both pass the same contract suite (`@veil/bus/testing`).
 *
 * Subjects follow NATS: dot-separated tokens; in a subscription `*` matches exactly one token
 * and `>` (last token only) matches one or more trailing tokens.
 */
export interface Bus {
  /** Largest encoded (UTF-8 JSON) payload accepted; larger ones fail with `payload_too_large`. */
  readonly maxPayloadBytes: number;

  /**
   * Sends `data` to every plain subscriber of a matching subject and to one member of each
   * matching queue group. Fire and forget: throws `invalid_subject`, `invalid_payload`,
   * `payload_too_large` or `closed` synchronously, never calls a handler synchronously.
   */
  publish(subject: string, data: unknown): void;

  /**
   * Registers `handler` for a subject (wildcards allowed). Resolves once the broker routes to
   * it, so anything published afterwards, from any connection, is delivered. Rejects with
   * `permission_denied` when the server refuses the subscription.
   */
  subscribe(
    subject: string,
    handler: BusHandler,
    options?: SubscribeOptions,
  ): Promise<BusSubscription>;

  /**
   * Sends `data` to one responder and resolves with its reply. Rejects with `no_responders`
   * (nobody subscribed, answered at once), `timeout`, `handler_error` (the responder's handler
   * threw), `closed`, `permission_denied`, or the payload errors of `publish`.
   */
  request(subject: string, data: unknown, options?: RequestOptions): Promise<unknown>;

  /** Resolves once everything sent so far has been processed by the broker. */
  flush(): Promise<void>;

  /**
   * Graceful shutdown: stops receiving, waits for every handler already running (their
   * replies and publishes still go out), then closes. Idempotent.
   */
  drain(): Promise<void>;

  /** Closes at once: pending requests reject with `closed`, running handlers can no longer send. */
  close(): Promise<void>;
}

export interface BusMessage {
  /** The concrete subject the message was published to (never a wildcard). */
  readonly subject: string;
  /** A fresh copy decoded from the JSON bytes: nothing is shared with the sender. */
  readonly data: unknown;
  /**
   * Present when the message is a request. Only the first call sends a reply; later calls are
   * ignored. Throws `payload_too_large` / `invalid_payload` / `closed` like `publish`.
   */
  readonly respond?: (data: unknown) => void;
}

/**
 * Handlers run concurrently (an async handler is not awaited before the next message is
 * delivered). A handler that throws or rejects is reported to the bus's `onError` and, for a
 * request not yet answered, makes the requester fail with `handler_error`.
 */
export type BusHandler = (message: BusMessage) => void | Promise<void>;

export interface SubscribeOptions {
  /** Queue group: each message goes to exactly one member of each group. */
  queue?: string;
}

export interface RequestOptions {
  /** How long to wait for the reply; default {@link DEFAULT_REQUEST_TIMEOUT_MS}. */
  timeoutMs?: number;
}

export interface BusSubscription {
  readonly subject: string;
  readonly queue: string | undefined;
  /** Stops delivery at once; resolves once the broker no longer routes to it. Idempotent. */
  unsubscribe(): Promise<void>;
}

/** Options both adapters accept. */
export interface BusHooks {
  /**
   * Errors that have no caller to reject: a handler that threw, a message that is not JSON, a
   * publish the server refused. Default: `console.error`.
   */
  onError?: (error: BusError) => void;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;

/** The same as nats-server's default `max_payload`. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 1024 * 1024;

export function requestTimeoutMs(options: RequestOptions | undefined): number {
  const timeoutMs = options?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs < 1) {
    throw new RangeError(`timeoutMs must be a finite number ≥ 1, got ${timeoutMs}`);
  }
  return timeoutMs;
}
