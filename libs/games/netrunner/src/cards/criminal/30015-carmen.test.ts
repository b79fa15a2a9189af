import { describe, expect, it } from 'vitest';
import { runnerInstallCost } from '../../rules/costs.js';
import { breakerStrength } from '../../rules/strength.js';
import {
  advance,
  breakSubs,
  encountering,
  finishRun,
  iceOn,
  runOn,
  runnerTurn,
  toGrip,
  toRig,
  use,
} from '../neutral-runner/test-kit.js';

describe('Carmen', () => {
  it('costs 2 less to install after a successful run this turn', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30015'] }, (g) => void (uid = toGrip(g, '30015')));
    expect(runnerInstallCost(s.context, uid)).toBe(5);
    s = finishRun(runOn(s, 'archives'));
    expect(runnerInstallCost(s.context, uid)).toBe(3);
  });

  it('1: breaks 1 sentry subroutine; 2: +3 strength', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30015'], corp: ['30062'] }, (g) => {
      uid = toRig(g, '30015');
      iceOn(g, '30062', 'hq', true); // Ballista: sentry, strength 4
      g.runner.credits = 10;
    });
    s = advance(runOn(s, 'hq'), encountering);
    s = use(s, uid, 'pump');
    expect(breakerStrength(s.context, uid)).toBe(5);
    s = breakSubs(s, uid, [0]);
    expect(s.context.run?.encounter?.broken).toEqual([true]);
    expect(s.context.runner.credits).toBe(7);
  });
});
