import { ERROR_MESSAGES, isErrorCode, type ErrorCode, type ProtocolError } from '@veil/protocol';

/** A refusal from the server (or a local failure mapped to a protocol code). */
export class VeilError extends Error {
  override readonly name = 'VeilError';
  constructor(
    readonly code: ErrorCode,
    /** The HTTP status, for lobby API calls. */
    readonly status?: number,
  ) {
    super(ERROR_MESSAGES[code]);
  }

  toProtocol(): ProtocolError {
    return { code: this.code, message: ERROR_MESSAGES[this.code] };
  }
}

/** Reads a protocol error out of anything the server sent; `internal` if it is none. */
export function errorCodeOf(value: unknown): ErrorCode {
  if (value !== null && typeof value === 'object') {
    const code = (value as { code?: unknown }).code;
    if (isErrorCode(code)) return code;
  }
  return 'internal';
}
