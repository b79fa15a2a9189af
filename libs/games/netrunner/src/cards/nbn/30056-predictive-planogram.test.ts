import { describe, expect, it } from 'vitest';
import { choose, legal, playOperation } from '../../testing/kit.js';

describe('Predictive Planogram', () => {
  it('gain 3 or draw 3; both (in either order) only if the Runner is tagged', () => {
    const s = playOperation('30056');
    expect(legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'gain',
      'draw',
    ]);
    expect(choose(s, 'corp', 'gain').context.corp.credits).toBe(8);
    const tagged = playOperation('30056', {}, (g) => (g.runner.tags = 1));
    const hand = tagged.context.corp.hq.length;
    const both = choose(tagged, 'corp', 'draw-then-gain');
    expect(both.context.corp.credits).toBe(8);
    expect(both.context.corp.hq).toHaveLength(hand + 3);
  });
});
