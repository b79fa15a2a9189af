import { describe, expect, it } from 'vitest';
import { maxHandSize } from '../../rules/limits.js';
import { choose, scoreAgenda } from '../../testing/kit.js';

describe('Superconducting Hub', () => {
  it('when scored the Corp may draw 2; +2 maximum hand size while scored', () => {
    const { s } = scoreAgenda('30070');
    const hand = s.context.corp.hq.length;
    const drew = choose(s, 'corp', 'yes');
    expect(drew.context.corp.hq).toHaveLength(hand + 2);
    expect(maxHandSize(drew.context, 'corp')).toBe(7);
    expect(choose(s, 'corp', 'no').context.corp.hq).toHaveLength(hand);
  });
});
