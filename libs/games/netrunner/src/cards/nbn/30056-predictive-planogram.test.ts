import { describe, expect, it } from 'vitest';
import { choose, legal, playOperation } from '../../testing/kit.js';
import { netrunner } from '../../module.js';

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

  it('ruling: with the Runner tagged, the Corp decides one or both up front, in its order', () => {
    const s = playOperation('30056', {}, (g) => (g.runner.tags = 1));
    expect(legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'gain',
      'draw',
      'gain-then-draw',
      'draw-then-gain',
    ]);
    const hand = s.context.corp.hq.length;
    const one = choose(s, 'corp', 'draw');
    expect([one.context.corp.credits, one.context.corp.hq.length]).toEqual([5, hand + 3]);
    expect(one.context.pauses.decisions).toEqual([]);
    const both = choose(s, 'corp', 'gain-then-draw');
    expect([both.context.corp.credits, both.context.corp.hq.length]).toEqual([8, hand + 3]);
    const gainLog = both.context.log.findIndex((e) => e.text.includes('+3[credit]'));
    const drawLog = both.context.log.findIndex((e, i) => i > gainLog && e.text.includes('draws'));
    expect(gainLog).toBeGreaterThan(-1);
    expect(drawLog).toBeGreaterThan(gainLog);
  });

  it('pins both key halves: public', () => {
    const s = playOperation('30056', {}, (g) => (g.runner.tags = 1));
    for (const a of legal(s, 'corp')) {
      expect(netrunner.observedActionKey(a, 'corp', 'runner')).toBe(netrunner.actionKey(a, 'corp'));
    }
    expect(legal(s, 'corp').map((a) => netrunner.actionKey(a, 'corp'))).toEqual([
      'choose:30056:mode:gain',
      'choose:30056:mode:draw',
      'choose:30056:mode:gain-then-draw',
      'choose:30056:mode:draw-then-gain',
    ]);
  });
});
