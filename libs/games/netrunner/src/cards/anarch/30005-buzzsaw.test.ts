import { describe, expect, it } from 'vitest';
import { breakerStrength } from '../../rules/strength.js';
import {
  advance,
  breakSubs,
  canUse,
  encountering,
  finishRun,
  iceOn,
  runOn,
  runnerTurn,
  toRig,
  use,
} from '../neutral-runner/test-kit.js';

describe('Buzzsaw', () => {
  it('1: breaks up to 2 code gate subroutines; 3: +1 strength', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30005'], corp: ['30074'] }, (g) => {
      uid = toRig(g, '30005');
      iceOn(g, '30074', 'hq', true);
      g.runner.credits = 10;
    });
    s = advance(runOn(s, 'hq'), encountering);
    s = use(s, uid, 'pump');
    expect(breakerStrength(s.context, uid)).toBe(4);
    s = breakSubs(s, uid, [0, 1]);
    expect(s.context.run?.encounter?.broken).toEqual([true, true]);
    expect(s.context.runner.credits).toBe(10 - 3 - 1);
    s = finishRun(s);
    expect(s.context.runner.credits).toBe(6);
    expect(breakerStrength(s.context, uid)).toBe(3);
  });

  it('does not break barriers', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30005'], corp: ['30072'] }, (g) => {
      uid = toRig(g, '30005');
      iceOn(g, '30072', 'hq', true);
    });
    s = advance(runOn(s, 'hq'), encountering);
    expect(canUse(s, uid, 'break')).toBe(false);
  });
});
