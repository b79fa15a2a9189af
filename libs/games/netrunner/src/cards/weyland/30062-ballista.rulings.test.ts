import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import { deciders, encountering, fireSubroutines, legal, spawn } from '../../testing/kit.js';

describe('Ballista (rulings and keys)', () => {
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
