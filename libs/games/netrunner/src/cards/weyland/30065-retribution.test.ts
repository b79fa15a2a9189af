import { describe, expect, it } from 'vitest';
import { can, choose, corpActing, handle, playOperation, spawn } from '../../testing/kit.js';

describe('Retribution', () => {
  it('only while the Runner is tagged; trashes 1 installed program or hardware', () => {
    let op = '';
    const untagged = corpActing({}, (g) => {
      op = spawn(g, '30065', { zone: 'hq' });
      spawn(g, '30031', { zone: 'rig' });
    });
    expect(can(untagged, 'corp', { type: 'play', card: handle(untagged, op, 'corp') })).toBe(false);
    let hardware = '';
    let s = playOperation('30065', {}, (g) => {
      g.runner.tags = 1;
      hardware = spawn(g, '30031', { zone: 'rig' });
      spawn(g, '30033', { zone: 'rig' });
    });
    s = choose(s, 'corp', hardware, true);
    expect(s.context.cards[hardware]?.loc.zone).toBe('heap');
  });
});
