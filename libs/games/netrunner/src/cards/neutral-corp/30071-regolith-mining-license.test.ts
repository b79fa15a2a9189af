import { describe, expect, it } from 'vitest';
import { act, corpActing, handle, spawn } from '../../testing/kit.js';

describe('Regolith Mining License', () => {
  it('loads 15 when rezzed; [click] takes 3; trashed when empty', () => {
    let asset = '';
    let s = corpActing({}, (g) => (asset = spawn(g, '30071', { zone: 'root', server: 'remote1' })));
    s = act(s, 'corp', { type: 'rez', card: handle(s, asset, 'corp') });
    expect(s.context.cards[asset]?.counters.credit).toBe(15);
    expect(s.context.corp.credits).toBe(3);
    s = act(s, 'corp', { type: 'use', card: handle(s, asset, 'corp'), ability: 'take' });
    expect(s.context.corp.credits).toBe(6);
    expect(s.context.corp.clicks).toBe(2);
    s = act(s, 'corp', { type: 'use', card: handle(s, asset, 'corp'), ability: 'take' });
    s = act(s, 'corp', { type: 'use', card: handle(s, asset, 'corp'), ability: 'take' });
    expect(s.context.cards[asset]?.counters.credit).toBe(6);
  });

  it('is trashed once it is emptied', () => {
    let asset = '';
    let s = corpActing({}, (g) => {
      asset = spawn(g, '30071', { zone: 'root', server: 'remote1' }, { rezzed: true });
      g.cards[asset]!.counters = { credit: 3 };
    });
    s = act(s, 'corp', { type: 'use', card: handle(s, asset, 'corp'), ability: 'take' });
    expect(s.context.cards[asset]?.loc.zone).toBe('archives');
    expect(s.context.cards[asset]?.faceUp).toBe(true);
  });
});
