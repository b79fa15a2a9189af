import { describe, expect, it } from 'vitest';
import { act, choose, decisionKind, legal, run, runnerActing, spawn } from '../../testing/kit.js';
import type { Snap } from '../../testing/kit.js';

/** Runs HQ, protected by a rezzed Funhouse; the Corp passes the approach window. */
function encounterFunhouse(credits: number): Snap {
  const s = runnerActing({}, (g) => {
    spawn(g, '30054', { zone: 'ice', server: 'hq' }, { rezzed: true });
    g.runner.credits = credits;
  });
  return act(run(s, 'hq'), 'corp', { type: 'pass' });
}

describe('Funhouse', () => {
  it('on encounter: end the run unless the Runner takes 1 tag', () => {
    const s = encounterFunhouse(5);
    expect(decisionKind(s)).toBe('30054:toll');
    expect(choose(s, 'runner', 'end-the-run').context.run).toBeNull();
    const tagged = choose(s, 'runner', 'take-tag');
    expect(tagged.context.runner.tags).toBe(1);
    expect(tagged.context.run?.step).toBe('encounter');
  });

  it('[sub] 1 tag unless the Runner pays 4 (pay only offered when affordable)', () => {
    let s = choose(encounterFunhouse(4), 'runner', 'take-tag');
    s = act(s, 'runner', { type: 'pass' });
    expect(decisionKind(s)).toBe('30054:pay');
    expect(legal(s, 'runner').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'take-tag',
      'pay',
    ]);
    const paid = choose(s, 'runner', 'pay');
    expect(paid.context.runner.credits).toBe(0);
    expect(paid.context.runner.tags).toBe(1);
    const poor = act(choose(encounterFunhouse(3), 'runner', 'take-tag'), 'runner', {
      type: 'pass',
    });
    expect(legal(poor, 'runner').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'take-tag',
    ]);
  });
});
