import { describe, expect, it } from 'vitest';
import { can, edit, handle, scoreAgenda, spawn } from '../../testing/kit.js';

describe('Luminal Transubstantiation', () => {
  it('when scored: gain 3 clicks, and no more scoring this turn', () => {
    let other = '';
    const scored = scoreAgenda('30036');
    expect(scored.s.context.corp.clicks).toBe(6);
    const s = edit(scored.s, (g) => {
      other = spawn(g, '30070', { zone: 'root', server: 'remote2' });
      g.cards[other]!.counters = { advancement: 3 };
    });
    expect(can(s, 'corp', { type: 'score', card: handle(s, other, 'corp') })).toBe(false);
  });
});
