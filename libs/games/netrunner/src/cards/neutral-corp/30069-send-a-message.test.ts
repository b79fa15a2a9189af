import { describe, expect, it } from 'vitest';
import { choose, decisionKind, scoreAgenda, spawn } from '../../testing/kit.js';

describe('Send a Message', () => {
  it('when scored, the Corp may rez 1 installed ice ignoring all costs', () => {
    let ice = '';
    const { s } = scoreAgenda('30069', {}, (g) => {
      ice = spawn(g, '30063', { zone: 'ice', server: 'hq' });
      g.corp.credits = 0;
    });
    expect(decisionKind(s)).toBe('30069:rez');
    const after = choose(s, 'corp', ice, true);
    expect(after.context.cards[ice]?.rezzed).toBe(true);
    expect(after.context.corp.credits).toBe(0);
  });

  it('no unrezzed ice: nothing to ask', () => {
    const { s } = scoreAgenda('30069');
    expect(s.context.pauses.decisions).toEqual([]);
  });
});
