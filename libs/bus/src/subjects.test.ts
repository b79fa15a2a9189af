import { describe, expect, it } from 'vitest';
import { isLiteralSubject, isQueueName, isSubjectPattern, subjectMatches } from './subjects.js';

describe('subjectMatches', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.b.c', 'a.b', false],
    ['a.b', 'a.b.c', false],
    ['a.*.c', 'a.x.c', true],
    ['a.*.c', 'a.c', false],
    ['a.*.c', 'a.x.y.c', false],
    ['*', 'a', true],
    ['*', 'a.b', false],
    ['a.*', 'a', false],
    ['a.>', 'a.b', true],
    ['a.>', 'a.b.c.d', true],
    ['a.>', 'a', false],
    ['a.>', 'ab.c', false],
    ['>', 'a', true],
    ['>', 'a.b.c', true],
    ['*.b.>', 'a.b.c', true],
    ['*.b.>', 'a.b', false],
    ['a*', 'a*', true],
    ['a*', 'ab', false],
    ['a.b>', 'a.b>', true],
    ['a.b>', 'a.bc', false],
  ])('%s vs %s → %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('subject validation', () => {
  it.each(['a', 'a.b.c', 'veil.room.r-1.view.corp', '_INBOX.x.y', 'a*', 'a.b>', '*a', '>a.*b'])(
    'accepts the literal subject %s',
    (subject) => {
      expect(isLiteralSubject(subject)).toBe(true);
      expect(isSubjectPattern(subject)).toBe(true);
    },
  );

  it.each(['', '.', 'a.', '.a', 'a..b', 'a b', 'a.\tb', 'a\n'])(
    'rejects the malformed subject %j everywhere',
    (subject) => {
      expect(isLiteralSubject(subject)).toBe(false);
      expect(isSubjectPattern(subject)).toBe(false);
    },
  );

  it.each(['*', '>', 'a.*', 'a.>', '*.b.>', 'a.*.b', '*.a'])(
    'accepts %s only as a pattern',
    (subject) => {
      expect(isLiteralSubject(subject)).toBe(false);
      expect(isSubjectPattern(subject)).toBe(true);
    },
  );

  it.each(['>.a', 'a.>.b'])('rejects %s, where > is not the last token', (subject) => {
    expect(isSubjectPattern(subject)).toBe(false);
  });

  it('decides literal subjects as their definition does, token by token', () => {
    // Every string of up to 5 characters over an alphabet with the interesting ones.
    const alphabet = ['a', '*', '>', '.', ' '];
    const byTokens = (subject: string): boolean =>
      subject.split('.').every((t) => t.length > 0 && !/\s/.test(t) && t !== '*' && t !== '>');
    let strings = [''];
    for (let length = 1; length <= 5; length++) {
      strings = strings.flatMap((s) => alphabet.map((c) => s + c));
      for (const subject of strings)
        expect(isLiteralSubject(subject), subject).toBe(byTokens(subject));
    }
  });

  it('accepts queue names without whitespace, dots included', () => {
    expect(isQueueName('ai-workers')).toBe(true);
    expect(isQueueName('game.nodes')).toBe(true);
    expect(isQueueName('')).toBe(false);
    expect(isQueueName('ai workers')).toBe(false);
  });
});
