import { BusError } from './bus-error.js';

// NATS subject grammar, checked before anything is sent so both adapters reject the same
// subjects the same way (nats.js itself only rejects the empty subject).

const WHITESPACE = /[\s]/;

function tokensAreWellFormed(tokens: readonly string[]): boolean {
  return tokens.every((token) => token.length > 0 && !WHITESPACE.test(token));
}

/**
 * A subject a message can be published to: well-formed tokens, none of them a wildcard. One
 * regular expression, since every publish and request checks its subject: tokens of anything but
 * whitespace and dots, none exactly `*` or `>`.
 */
const LITERAL_SUBJECT = /^(?![*>](?:\.|$))[^\s.]+(?:\.(?![*>](?:\.|$))[^\s.]+)*$/;

export function isLiteralSubject(subject: string): boolean {
  return LITERAL_SUBJECT.test(subject);
}

/** A subject a subscription can listen on: `*` tokens anywhere, `>` only as the last token. */
export function isSubjectPattern(subject: string): boolean {
  const tokens = subject.split('.');
  return (
    tokensAreWellFormed(tokens) &&
    tokens.every((token, index) => token !== '>' || index === tokens.length - 1)
  );
}

export function isQueueName(queue: string): boolean {
  return queue.length > 0 && !WHITESPACE.test(queue);
}

/**
 * Whether a literal subject matches a pattern. `*` matches exactly one token, `>` one or more
 * trailing tokens; a token that merely contains `*` or `>` (like `a*`) is literal, as in NATS.
 */
export function subjectMatches(pattern: string, subject: string): boolean {
  const patternTokens = pattern.split('.');
  const subjectTokens = subject.split('.');
  for (const [index, patternToken] of patternTokens.entries()) {
    if (patternToken === '>') return subjectTokens.length > index;
    const subjectToken = subjectTokens[index];
    if (subjectToken === undefined) return false;
    if (patternToken !== '*' && patternToken !== subjectToken) return false;
  }
  return patternTokens.length === subjectTokens.length;
}

export function assertLiteralSubject(subject: string): void {
  if (!isLiteralSubject(subject)) {
    throw new BusError('invalid_subject', `cannot publish to "${subject}"`);
  }
}

export function assertSubscribable(subject: string, queue: string | undefined): void {
  if (!isSubjectPattern(subject)) {
    throw new BusError('invalid_subject', `cannot subscribe to "${subject}"`);
  }
  if (queue !== undefined && !isQueueName(queue)) {
    throw new BusError('invalid_subject', `invalid queue group "${queue}"`);
  }
}
