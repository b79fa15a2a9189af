import { describe, expect, it } from 'vitest';
import { memoryLimit } from '../../rules/limits.js';
import {
  finishRun,
  install,
  runOn,
  runnerTurn,
  toGrip,
  toRig,
  use,
} from '../neutral-runner/test-kit.js';

describe('Pennyshaver', () => {
  it('+1 memory; a credit for each successful run; [click] places 1 then takes all', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30014'] }, (g) => void (uid = toRig(g, '30014')));
    expect(memoryLimit(s.context)).toBe(5);
    s = finishRun(runOn(s, 'archives'));
    s = finishRun(runOn(s, 'archives'));
    expect(s.context.cards[uid]?.counters.credit).toBe(2);
    const credits = s.context.runner.credits;
    s = use(s, uid, 'cash');
    expect(s.context.runner.credits).toBe(credits + 3);
    expect(s.context.cards[uid]?.counters.credit ?? 0).toBe(0);
  });

  it('is a console: installing another console trashes it', () => {
    let uid = '';
    let other = '';
    let s = runnerTurn({ runner: ['30014', '30023'] }, (g) => {
      uid = toRig(g, '30014');
      other = toGrip(g, '30023');
    });
    s = install(s, other);
    expect(s.context.runner.heap).toContain(uid);
  });
});
