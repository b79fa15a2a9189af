import { describe, expect, it } from 'vitest';
import {
  canUse,
  choices,
  choose,
  edit,
  finishRun,
  install,
  runOn,
  runnerTurn,
  toGrip,
  use,
} from '../neutral-runner/test-kit.js';

describe('Red Team', () => {
  it('loads 12; [click]: run a central not run this turn; if successful take 3', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30018'] }, (g) => {
      uid = toGrip(g, '30018');
      g.runner.credits = 10;
    });
    s = install(s, uid);
    expect(s.context.cards[uid]?.counters.credit).toBe(12);
    s = use(s, uid, 'run');
    expect(choices(s, 'runner')).toEqual(['hq', 'rd', 'archives']);
    s = choose(s, 'runner', 'archives');
    const credits = s.context.runner.credits;
    s = finishRun(s);
    expect(s.context.runner.credits).toBe(credits + 3);
    expect(s.context.cards[uid]?.counters.credit).toBe(9);
    s = use(s, uid, 'run');
    expect(choices(s, 'runner')).toEqual(['hq', 'rd']);
  });

  it('ruling: the server announced for a run counts as run, successful or not', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30018'] }, (g) => {
      uid = toGrip(g, '30018');
      g.runner.credits = 10;
    });
    s = install(s, uid);
    s = finishRun(runOn(s, 'hq'));
    s = finishRun(runOn(s, 'rd'));
    s = use(s, uid, 'run');
    expect(choices(s, 'runner')).toEqual(['archives']);
    s = finishRun(choose(s, 'runner', 'archives'));
    expect(canUse(s, uid, 'run')).toBe(false);
  });

  it('is trashed when empty', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30018'] }, (g) => {
      uid = toGrip(g, '30018');
      g.runner.credits = 10;
    });
    s = install(s, uid);
    s = edit(s, (g) => {
      const c = g.cards[uid];
      if (c) c.counters = { credit: 3 };
    });
    s = finishRun(choose(use(s, uid, 'run'), 'runner', 'hq'));
    expect(s.context.runner.heap).toContain(uid);
  });
});
