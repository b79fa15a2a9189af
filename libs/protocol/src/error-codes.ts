import { z } from 'zod';

/**
 * The closed list of error codes a client, a gateway or a node may see (docs/protocol.md). The engine's
 * `RulesError` codes (`not_your_turn`, `illegal_action`, `bad_request`, `game_over`) are all in
 * it, so a rules refusal crosses the wire unchanged.
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'room_not_found',
  'not_your_turn',
  'illegal_action',
  'stale_version',
  'game_over',
  'rate_limited',
  'payload_too_large',
  'unavailable',
  'timeout',
  'internal',
  'bot_level_unavailable',
  'seat_taken',
  'rules_retired',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * One fixed message per code. They are constants, never built from input or state, so an error
 * cannot carry hidden information: a guessed private id and any other bad target get the same
 * words (docs/privacy.md).
 */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  bad_request: 'The request is malformed.',
  unauthorized: 'Missing or invalid credentials.',
  forbidden: 'You may not do that here.',
  room_not_found: 'No such room.',
  not_your_turn: 'It is not your decision to make.',
  illegal_action: 'That action is not legal now.',
  stale_version: 'The game has moved on; act on the current version.',
  game_over: 'The game is over.',
  rate_limited: 'Too many requests; slow down.',
  payload_too_large: 'The request is too large.',
  unavailable: 'The room cannot be served right now; try again.',
  timeout: 'The request timed out.',
  internal: 'Something went wrong on the server.',
  bot_level_unavailable: 'No AI worker serves that bot level for this game now.',
  seat_taken: 'That seat is already taken.',
  rules_retired: 'This game was played under rules this server no longer runs.',
};

/** The HTTP status the lobby API answers with for each code. */
export const ERROR_HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  room_not_found: 404,
  not_your_turn: 409,
  illegal_action: 422,
  stale_version: 409,
  game_over: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unavailable: 503,
  timeout: 504,
  internal: 500,
  bot_level_unavailable: 422,
  seat_taken: 409,
  rules_retired: 410,
};

/**
 * An error as it travels: the code and its fixed message. The schema insists on the fixed
 * message, so any hop that validates also proves no other text slipped in.
 */
export const protocolErrorSchema = z
  .object({ code: errorCodeSchema, message: z.string() })
  .refine((e) => e.message === ERROR_MESSAGES[e.code], {
    message: 'message must be the fixed message of its code',
    path: ['message'],
  });

export type ProtocolError = z.infer<typeof protocolErrorSchema>;

export function protocolError(code: ErrorCode): ProtocolError {
  return { code, message: ERROR_MESSAGES[code] };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return errorCodeSchema.safeParse(value).success;
}

/** The body of every non-2xx lobby API answer. */
export const httpErrorBodySchema = z.object({ error: protocolErrorSchema });

export type HttpErrorBody = z.infer<typeof httpErrorBodySchema>;
