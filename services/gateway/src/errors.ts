import { isBusError } from '@veil/bus';
import { protocolError, type ErrorCode, type ProtocolError } from '@veil/protocol';

/** A refusal the gateway answers with: a protocol code, whose message is always the fixed one. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(readonly code: ErrorCode) {
    super(code);
  }

  toProtocol(): ProtocolError {
    return protocolError(this.code);
  }
}

/**
 * What a client is told about any failure: a `GatewayError`'s code, a bus timeout as
 * `timeout`, an unreachable node as `unavailable`, anything else as `internal`. Never the
 * error's own text.
 */
export function toProtocolError(error: unknown): ProtocolError {
  if (error instanceof GatewayError) return error.toProtocol();
  if (isBusError(error, 'timeout')) return protocolError('timeout');
  if (isBusError(error, 'payload_too_large')) return protocolError('payload_too_large');
  if (isBusError(error)) return protocolError('unavailable');
  return protocolError('internal');
}
