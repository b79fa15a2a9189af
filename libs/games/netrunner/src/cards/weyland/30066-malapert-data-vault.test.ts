import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import { choose, decisionKind, legal, scoreAgenda, spawn } from '../../testing/kit.js';

describe('Malapert Data Vault', () => {
  it('scoring from its server: may search R&D for a non-agenda card, reveal it, add it to HQ', () => {
    let target = '';
    let vault = '';
    const scored = scoreAgenda('30067', {}, (g) => {
      vault = spawn(g, '30066', { zone: 'root', server: 'remote1' }, { rezzed: true });
      target = spawn(g, '30072', { zone: 'rd' });
    });
    // Offworld Office and the vault trigger together: the Corp orders them.
    expect(decisionKind(scored.s)).toBe('order');
    const s = choose(scored.s, 'corp', vault, true);
    expect(decisionKind(s)).toBe('30066:search');
    let t = choose(s, 'corp', 'yes');
    // While searching, the Corp may look at R&D (its options name R&D cards).
    expect(legal(t, 'corp').length).toBeGreaterThan(1);
    expect(netrunner.view(t, 'runner').legalActions).toBeUndefined();
    t = choose(t, 'corp', target, true);
    expect(t.context.cards[target]?.loc.zone).toBe('hq');
    expect(t.context.corp.rd.every((u) => t.context.cards[u]?.peek.length === 0)).toBe(true);
  });

  it('scoring from another server: nothing', () => {
    const { s } = scoreAgenda('30067', {}, (g) => {
      spawn(g, '30066', { zone: 'root', server: 'remote2' }, { rezzed: true });
    });
    expect(s.context.pauses.decisions).toEqual([]);
  });
});
