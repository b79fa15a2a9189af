import { describe, expect, it } from 'vitest';
import { can, choose, corpActing, handle, legal, playOperation, spawn } from '../../testing/kit.js';

describe('Seamless Launch', () => {
  it('places 2 advancement counters on an installed card not installed this turn', () => {
    let old = '';
    let fresh = '';
    const s = playOperation('30040', {}, (g) => {
      old = spawn(g, '30067', { zone: 'root', server: 'remote1' });
      fresh = spawn(g, '30067', { zone: 'root', server: 'remote2' });
      g.cards[fresh]!.installedTurn = g.turn;
    });
    const targets = legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : ''));
    expect(targets).toContain(handle(s, old, 'corp'));
    expect(targets).not.toContain(handle(s, fresh, 'corp'));
    expect(choose(s, 'corp', old, true).context.cards[old]?.counters.advancement).toBe(2);
  });

  it('cannot be played without a target', () => {
    let op = '';
    const s = corpActing({}, (g) => (op = spawn(g, '30040', { zone: 'hq' })));
    expect(can(s, 'corp', { type: 'play', card: handle(s, op, 'corp') })).toBe(false);
  });
});
