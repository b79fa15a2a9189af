import { describe, expect, it } from 'vitest';
import { maxHandSize } from '../../rules/limits.js';
import { choose, scoreAgenda, legal, run, runnerActing, spawn, until } from '../../testing/kit.js';
import { netrunner } from '../../module.js';

describe('Superconducting Hub', () => {
  it('when scored the Corp may draw 2; +2 maximum hand size while scored', () => {
    const { s } = scoreAgenda('30070');

    const hand = s.context.corp.hq.length;
    const drew = choose(s, 'corp', 'yes');
    expect(drew.context.corp.hq).toHaveLength(hand + 2);
    expect(maxHandSize(drew.context, 'corp')).toBe(7);
    expect(choose(s, 'corp', 'no').context.corp.hq).toHaveLength(hand);
  });

  it('stolen, it gives nobody +2 maximum hand size', () => {
    let s = runnerActing({}, (g) => void spawn(g, '30070', { zone: 'root', server: 'remote1' }));
    s = choose(run(s, 'remote1'), 'runner', 'continue');
    s = until(s, (x) => x.context.pauses.decisions.at(-1)?.kind === 'access');
    s = choose(s, 'runner', 'continue');
    expect(s.context.runner.scored).toHaveLength(1);
    expect(maxHandSize(s.context, 'corp')).toBe(5);
    expect(maxHandSize(s.context, 'runner')).toBe(5);
    expect(s.context.pauses.decisions).toEqual([]);
  });

  it('pins both key halves: public', () => {
    const { s } = scoreAgenda('30070');
    const keys = legal(s, 'corp').map((a) => [
      netrunner.actionKey(a, 'corp'),
      netrunner.observedActionKey(a, 'corp', 'runner'),
    ]);
    expect(keys).toEqual([
      ['choose:30070:draw:yes', 'choose:30070:draw:yes'],
      ['choose:30070:draw:no', 'choose:30070:draw:no'],
    ]);
  });
});
