import { describe, expect, it } from 'vitest';
import {
  choose,
  decisionKind,
  encountering,
  fireSubroutines,
  spawn,
  deciders,
  legal,
} from '../../testing/kit.js';
import { netrunner } from '../../module.js';

describe('Ballista', () => {
  it('[sub] the Corp chooses: trash 1 installed program or end the run', () => {
    let program = '';

    const { s } = encountering(
      '30062',
      'hq',
      {},
      (g) => (program = spawn(g, '30007', { zone: 'rig' })),
    );
    const fired = fireSubroutines(s);
    expect(decisionKind(fired)).toBe('30062:choose');
    const trashed = choose(fired, 'corp', program, true);
    expect(trashed.context.cards[program]?.loc.zone).toBe('heap');
    expect(trashed.context.run).not.toBeNull();
    expect(choose(fired, 'corp', 'end-the-run').context.run).toBeNull();
  });

  it('ruling: the Corp makes the choice', () => {
    const { s } = encountering('30062', 'hq', {}, (g) => void spawn(g, '30007', { zone: 'rig' }));
    const fired = fireSubroutines(s);
    expect(deciders(fired)).toEqual(['corp']);
    expect(legal(fired, 'runner')).toEqual([]);
  });

  it('no installed program: the only option is to end the run', () => {
    const { s } = encountering('30062');
    const fired = fireSubroutines(s);
    expect(legal(fired, 'corp').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'end-the-run',
    ]);
  });

  it('pins both key halves: installed programs are public, keyed by code', () => {
    const { s } = encountering('30062', 'hq', {}, (g) => void spawn(g, '30007', { zone: 'rig' }));
    const keys = legal(fireSubroutines(s), 'corp').map((a) => [
      netrunner.actionKey(a, 'corp'),
      netrunner.observedActionKey(a, 'corp', 'runner'),
    ]);
    expect(keys).toEqual([
      ['choose:30062:choose:end-the-run', 'choose:30062:choose:end-the-run'],
      ['choose:30062:choose:30007', 'choose:30062:choose:30007'],
    ]);
  });
});
