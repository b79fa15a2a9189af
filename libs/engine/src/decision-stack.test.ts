import { describe, expect, it } from 'vitest';
import { pushDecision, resolveDecision, topDecision } from './decision-stack.js';

type Pending =
  | { id: number; seat: 'corp' | 'runner'; kind: 'discard'; limit: number }
  | { id: number; seat: 'corp' | 'runner'; kind: 'choose_server'; options: string[] };

describe('decision stack', () => {
  it('resolves LIFO: the decision pushed last is answered first', () => {
    let stack: Pending[] = [];
    stack = pushDecision(stack, { id: 1, seat: 'corp', kind: 'discard', limit: 5 });
    stack = pushDecision(stack, { id: 2, seat: 'runner', kind: 'choose_server', options: ['hq'] });
    expect(topDecision(stack)).toMatchObject({ id: 2, seat: 'runner', kind: 'choose_server' });
    stack = resolveDecision(stack, 2);
    expect(topDecision(stack)).toMatchObject({ id: 1, kind: 'discard', limit: 5 });
    stack = resolveDecision(stack, 1);
    expect(topDecision(stack)).toBeUndefined();
  });

  it('refuses to resolve a decision that is not on top, and never mutates', () => {
    const stack: Pending[] = [
      { id: 1, seat: 'corp', kind: 'discard', limit: 5 },
      { id: 2, seat: 'runner', kind: 'discard', limit: 5 },
    ];
    const before = JSON.stringify(stack);
    expect(() => resolveDecision(stack, 1)).toThrow(/not on top/);
    pushDecision(stack, { id: 3, seat: 'corp', kind: 'discard', limit: 1 });
    expect(JSON.stringify(stack)).toBe(before);
  });
});
