import { describe, expect, it } from 'vitest';
import {
  deciders,
  install,
  nextRunnerTurn,
  runnerTurn,
  toGrip,
  use,
} from '../neutral-runner/test-kit.js';

describe('Fermenter', () => {
  it('grows on install and when the Runner turn begins; [click], trash: 2 credits a counter', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30007'] }, (g) => void (uid = toGrip(g, '30007')));
    s = install(s, uid);
    expect(s.context.cards[uid]?.counters.virus).toBe(1);
    s = nextRunnerTurn(s);
    expect(s.context.cards[uid]?.counters.virus).toBe(2);
    const credits = s.context.runner.credits;
    s = use(s, uid, 'cash-out');
    expect(s.context.runner.heap).toContain(uid);
    expect(s.context.runner.credits).toBe(credits + 4);
    expect(s.context.runner.clicks).toBe(3);
  });

  it('ruling: the ability resolves whole; no paid ability window opens in its middle', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30007'] }, (g) => void (uid = toGrip(g, '30007')));
    s = install(s, uid);
    const windows = s.context.pauses.windows.length;
    const credits = s.context.runner.credits;
    s = use(s, uid, 'cash-out');
    // Straight back to the Runner's action window: the Corp never had priority in between.
    expect(deciders(s)).toEqual(['runner']);
    expect(s.context.pauses.windows.length).toBe(windows);
    expect(s.context.runner.credits).toBe(credits + 2);
  });
});
