import { describe, expect, it } from 'vitest';
import { act, acting, corpActing, handle, spawn, until } from '../../testing/kit.js';
import type { Snap } from '../../testing/kit.js';

function nextCorpTurn(s: Snap): Snap {
  let t = s;
  while (t.context.corp.clicks > 0) t = act(t, 'corp', { type: 'click-credit' });
  t = until(t, acting('runner'));
  while (t.context.runner.clicks > 0) t = act(t, 'runner', { type: 'click-credit' });
  return until(t, acting('corp'));
}

describe('Nico Campaign', () => {
  it('loads 9 when rezzed; takes 3 when the Corp turn begins', () => {
    let asset = '';
    let s = corpActing({}, (g) => (asset = spawn(g, '30037', { zone: 'root', server: 'remote1' })));
    s = act(s, 'corp', { type: 'rez', card: handle(s, asset, 'corp') });
    expect(s.context.cards[asset]?.counters.credit).toBe(9);
    const credits = s.context.corp.credits;
    s = nextCorpTurn(s);
    expect(s.context.cards[asset]?.counters.credit).toBe(6);
    expect(s.context.corp.credits).toBe(credits + 3 + 3);
  });

  it('when empty: trashed, and the Corp draws 1', () => {
    let asset = '';
    let s = corpActing({}, (g) => {
      asset = spawn(g, '30037', { zone: 'root', server: 'remote1' }, { rezzed: true });
      g.cards[asset]!.counters = { credit: 3 };
    });
    const before = s.context.corp.hq.length;
    s = nextCorpTurn(s);
    expect(s.context.cards[asset]?.loc.zone).toBe('archives');
    // Mandatory draw + Nico's draw; the discard phase may have dropped one.
    expect(s.context.corp.hq.length).toBeGreaterThanOrEqual(Math.min(before, 5) + 2 - 1);
    expect(s.context.log.some((e) => e.text === '{0} is empty and is trashed.')).toBe(true);
  });
});
