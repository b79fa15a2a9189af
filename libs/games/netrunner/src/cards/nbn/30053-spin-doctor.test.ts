import { describe, expect, it } from 'vitest';
import { act, choose, corpActing, handle, spawn } from '../../testing/kit.js';

describe('Spin Doctor', () => {
  it('draws 2 when rezzed', () => {
    let asset = '';
    let s = corpActing({}, (g) => (asset = spawn(g, '30053', { zone: 'root', server: 'remote1' })));
    const hand = s.context.corp.hq.length;
    s = act(s, 'corp', { type: 'rez', card: handle(s, asset, 'corp') });
    expect(s.context.corp.hq).toHaveLength(hand + 2);
  });

  it('removes itself from the game to shuffle up to 2 cards from Archives into R&D', () => {
    let asset = '';
    let a = '';
    let s = corpActing({}, (g) => {
      asset = spawn(g, '30053', { zone: 'root', server: 'remote1' }, { rezzed: true });
      a = spawn(g, '30072', { zone: 'archives' });
      spawn(g, '30073', { zone: 'archives' });
      spawn(g, '30074', { zone: 'archives' });
    });
    const rd = s.context.corp.rd.length;
    s = act(s, 'corp', { type: 'use', card: handle(s, asset, 'corp'), ability: 'remove' });
    expect(s.context.cards[asset]?.loc.zone).toBe('removed');
    s = choose(s, 'corp', a, true);
    s = choose(s, 'corp', s.context.corp.archives[0] ?? '', true);
    expect(s.context.corp.rd).toHaveLength(rd + 2);
    expect(s.context.corp.archives).toHaveLength(1);
    expect(s.context.cards[a]?.loc.zone).toBe('rd');
  });
});
