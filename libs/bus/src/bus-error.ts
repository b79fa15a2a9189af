export const BUS_ERROR_CODES = [
  /** A request got no reply in time. */
  'timeout',
  /** A request's subject had no subscriber at all. */
  'no_responders',
  /** The bus is closed or closing. */
  'closed',
  /** The responder's handler threw; its message is not forwarded (it may hold private data). */
  'handler_error',
  /** The encoded payload exceeds `maxPayloadBytes`. */
  'payload_too_large',
  /** The payload cannot be encoded to JSON, or a received message is not JSON. */
  'invalid_payload',
  /** A malformed subject, wildcard where a literal subject is needed, or a bad queue name. */
  'invalid_subject',
  /** The server's permissions for this connection's user refuse the operation. */
  'permission_denied',
  /** Could not connect to the server. */
  'connection_failed',
] as const;

export type BusErrorCode = (typeof BUS_ERROR_CODES)[number];

export class BusError extends Error {
  override readonly name = 'BusError';

  constructor(
    readonly code: BusErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isBusError(error: unknown, code?: BusErrorCode): error is BusError {
  return error instanceof BusError && (code === undefined || error.code === code);
}

/** The `onError` used when a caller gives none: errors must not vanish silently. */
export function logBusError(error: BusError): void {
  console.error(error);
}

export function closedError(): BusError {
  return new BusError('closed', 'the bus is closed');
}

/** What a requester gets when the responder's handler threw: deliberately without its message. */
export function handlerErrorFor(subject: string): BusError {
  return new BusError('handler_error', `the responder's handler for "${subject}" failed`);
}
