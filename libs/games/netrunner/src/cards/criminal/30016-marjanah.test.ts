import { describe, expect, it } from 'vitest';
import {
  advance,
  breakSubs,
  encountering,
  finishRun,
  iceOn,
  runOn,
  runnerTurn,
  toRig,
  use,
} from '../neutral-runner/test-kit.js';

describe('Marjanah', () => {
  it('2: breaks 1 barrier subroutine (1 after a successful run this turn); 1: +1 strength', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30016'], corp: ['30072', '30072'] }, (g) => {
      uid = toRig(g, '30016');
      iceOn(g, '30072', 'hq', true);
      iceOn(g, '30072', 'rd', true);
      g.runner.credits = 20;
    });
    s = advance(runOn(s, 'hq'), encountering);
    s = use(s, uid, 'pump');
    s = breakSubs(s, uid, [0]);
    expect(s.context.runner.credits).toBe(20 - 1 - 2);
    s = finishRun(s);
    s = advance(runOn(s, 'rd'), encountering);
    s = breakSubs(use(s, uid, 'pump'), uid, [0]);
    expect(s.context.runner.credits).toBe(17 - 1 - 1);
  });
});
