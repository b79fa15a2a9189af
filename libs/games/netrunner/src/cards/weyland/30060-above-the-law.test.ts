import { describe, expect, it } from 'vitest';
import { choose, decisionKind, scoreAgenda, spawn } from '../../testing/kit.js';

describe('Above the Law', () => {
  it('when scored, the Corp may trash 1 installed resource', () => {
    let resource = '';
    const { s } = scoreAgenda('30060', {}, (g) => (resource = spawn(g, '30033', { zone: 'rig' })));
    expect(decisionKind(s)).toBe('30060:trash');
    const after = choose(s, 'corp', resource, true);
    expect(after.context.cards[resource]?.loc.zone).toBe('heap');
    expect(choose(s, 'corp', 'no').context.cards[resource]?.loc.zone).toBe('rig');
  });
});
