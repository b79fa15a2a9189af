import { describe, expect, it } from 'vitest';
import { maxHandSize } from '../../rules/limits.js';
import { choose, corpActing, decisionKind, scoreAgenda, spawn } from '../../testing/kit.js';

describe('Haas-Bioroid: Precision Design', () => {
  it('+1 maximum hand size', () => {
    expect(maxHandSize(corpActing({ corpIdentity: '30035' }).context, 'corp')).toBe(6);
  });

  it('whenever the Corp scores: may add 1 card from Archives to HQ', () => {
    let old = '';
    const { s } = scoreAgenda('30070', { corpIdentity: '30035' }, (g) => {
      old = spawn(g, '30072', { zone: 'archives' });
    });
    // The identity and the agenda trigger together: the Corp orders them.
    expect(decisionKind(s)).toBe('order');
    let t = choose(s, 'corp', s.context.corp.identity, true);
    expect(decisionKind(t)).toBe('30035:recur');
    t = choose(t, 'corp', old, true);
    expect(t.context.cards[old]?.loc.zone).toBe('hq');
  });
});
