import { describe, expect, it } from 'vitest';
import { choose, decisionKind, run, runnerActing, spawn, until } from '../../testing/kit.js';

describe('Byte!', () => {
  it('accessed in R&D: revealed to all; the Corp may pay 4 for 1 tag and 3 net damage', () => {
    let s = runnerActing({}, (g) => void spawn(g, '35050', { zone: 'rd' }));
    s = choose(run(s, 'rd'), 'runner', 'continue');
    s = until(s, (x) => decisionKind(x) === '35050:pay');
    const accessLine = s.context.log.filter((e) => e.text.startsWith('Runner accesses')).at(-1);
    expect(accessLine?.cards[0]?.seenBy).toEqual(['corp', 'runner', 'spectator']);
    const credits = s.context.corp.credits;
    s = choose(s, 'corp', 'yes');
    expect(s.context.corp.credits).toBe(credits - 4);
    expect(s.context.runner.tags).toBe(1);
    expect(s.context.runner.grip).toHaveLength(2);
  });

  it('accessed in Archives: nothing', () => {
    let s = runnerActing({}, (g) => void spawn(g, '35050', { zone: 'archives' }));
    s = choose(run(s, 'archives'), 'runner', 'continue');
    s = until(s, (x) => decisionKind(x) === 'access' || decisionKind(x) === '35050:pay');
    expect(decisionKind(s)).toBe('access');
  });
});
