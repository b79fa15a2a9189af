import { describe, expect, it } from 'vitest';
import { can, choose, corpActing, handle, playOperation, spawn, legal } from '../../testing/kit.js';
import { netrunner } from '../../module.js';

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

  it('a tagged Runner with no program or hardware installed: no target, cannot be played', () => {
    let op = '';
    const s = corpActing({}, (g) => {
      op = spawn(g, '30065', { zone: 'hq' });
      g.runner.tags = 1;
      spawn(g, '30033', { zone: 'rig' });
    });
    expect(can(s, 'corp', { type: 'play', card: handle(s, op, 'corp') })).toBe(false);
  });

  it('pins both key halves: installed targets are public, keyed by code', () => {
    const s = playOperation('30065', {}, (g) => {
      g.runner.tags = 1;
      spawn(g, '30031', { zone: 'rig' });
      spawn(g, '30007', { zone: 'rig' });
    });
    const keys = legal(s, 'corp').map((a) => [
      netrunner.actionKey(a, 'corp'),
      netrunner.observedActionKey(a, 'corp', 'runner'),
    ]);
    expect(keys).toEqual([
      ['choose:30065:trash:30031', 'choose:30065:trash:30031'],
      ['choose:30065:trash:30007', 'choose:30065:trash:30007'],
    ]);
  });
});
