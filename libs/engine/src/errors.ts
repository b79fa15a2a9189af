/**
 * The typed error a rule throws for an action it refuses. Messages are fixed per code and never
 * carry hidden information: a guessed private id gets exactly the same error as any other bad
 * target (docs/privacy.md).
 */
export const RULES_ERROR_CODES = [
  'not_your_turn',
  'illegal_action',
  'bad_request',
  'game_over',
] as const;

export type RulesErrorCode = (typeof RULES_ERROR_CODES)[number];

const MESSAGES: Record<RulesErrorCode, string> = {
  not_your_turn: 'It is not your decision to make.',
  illegal_action: 'That action is not legal now.',
  bad_request: 'The request is malformed.',
  game_over: 'The game is over.',
};

export class RulesError extends Error {
  override readonly name = 'RulesError';
  /** `cause` is for the server's own log; clients get the code and its fixed message only. */
  constructor(
    readonly code: RulesErrorCode,
    options?: { readonly cause?: unknown },
  ) {
    super(MESSAGES[code], options);
  }
}

export function isRulesError(e: unknown): e is RulesError {
  return e instanceof RulesError;
}
