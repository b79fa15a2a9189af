import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import { can, corpActing, handle, legal, playOperation, spawn } from '../../testing/kit.js';

describe('Retribution (targets and keys)', () => {
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
