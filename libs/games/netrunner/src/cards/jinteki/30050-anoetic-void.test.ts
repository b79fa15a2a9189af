import { describe, expect, it } from 'vitest';
import { act, choose, decisionKind, run, runnerActing, spawn, until } from '../../testing/kit.js';

describe('Anoetic Void', () => {
  it('when the Runner approaches its server: may pay 2 and trash 2 cards from HQ to end the run', () => {
    let s = runnerActing(
      {},
      (g) => void spawn(g, '30050', { zone: 'root', server: 'hq' }, { rezzed: true }),
    );
    s = choose(run(s, 'hq'), 'runner', 'continue');
    s = act(s, 'corp', { type: 'pass' });
    expect(decisionKind(s)).toBe('30050:use');
    const hq = s.context.corp.hq.length;
    const credits = s.context.corp.credits;
    s = choose(s, 'corp', 'yes');
    s = choose(s, 'corp', s.context.corp.hq[0] ?? '', true);
    s = choose(s, 'corp', s.context.corp.hq[0] ?? '', true);
    expect(s.context.corp.hq).toHaveLength(hq - 2);
    expect(s.context.corp.credits).toBe(credits - 2);
    expect(s.context.run).toBeNull();
    expect(s.context.memory.successfulRunsOn).toEqual([]);
  });

  it('declined: the run goes on', () => {
    let s = runnerActing(
      {},
      (g) => void spawn(g, '30050', { zone: 'root', server: 'hq' }, { rezzed: true }),
    );
    s = choose(run(s, 'hq'), 'runner', 'continue');
    s = choose(act(s, 'corp', { type: 'pass' }), 'corp', 'no');
    s = until(s, (x) => x.context.run?.successful === true);
    expect(s.context.run?.successful).toBe(true);
  });
});
