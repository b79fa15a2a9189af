import { describe, expect, it } from 'vitest';
import { choose, decisionKind, playOperation } from '../../testing/kit.js';

describe('Sprint', () => {
  it('draws 3, then shuffles 2 cards of HQ into R&D', () => {
    let s = playOperation('30041');
    const hand = s.context.corp.hq.length;
    const rd = s.context.corp.rd.length;
    expect(decisionKind(s)).toBe('30041:shuffle');
    s = choose(s, 'corp', s.context.corp.hq[0] ?? '', true);
    s = choose(s, 'corp', s.context.corp.hq[0] ?? '', true);
    expect(s.context.corp.hq).toHaveLength(hand - 2);
    expect(s.context.corp.rd).toHaveLength(rd + 2);
  });
});
