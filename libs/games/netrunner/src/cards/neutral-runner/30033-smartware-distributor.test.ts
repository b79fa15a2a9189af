import { describe, expect, it } from 'vitest';
import { nextRunnerTurn, runnerTurn, toRig, use } from './test-kit.js';

describe('Smartware Distributor', () => {
  it('[click]: places 3 credits; when the Runner turn begins (not the Corp turn) it takes 1', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30033'] }, (g) => void (uid = toRig(g, '30033')));
    s = use(s, uid, 'place');
    expect(s.context.cards[uid]?.counters.credit).toBe(3);
    expect(s.context.runner.clicks).toBe(3);
    const credits = s.context.runner.credits;
    s = nextRunnerTurn(s);
    expect(s.context.cards[uid]?.counters.credit).toBe(2);
    expect(s.context.runner.credits).toBe(credits + 1);
  });

  it('ruling: the action may be used while credits are already on it', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30033'] }, (g) => void (uid = toRig(g, '30033')));
    s = use(s, uid, 'place');
    s = use(s, uid, 'place');
    expect(s.context.cards[uid]?.counters.credit).toBe(6);
  });
});
