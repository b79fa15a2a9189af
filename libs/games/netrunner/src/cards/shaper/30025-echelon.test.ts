import { describe, expect, it } from 'vitest';
import { breakerStrength } from '../../rules/strength.js';
import {
  advance,
  breakSubs,
  encountering,
  iceOn,
  runOn,
  runnerTurn,
  toRig,
  use,
} from '../neutral-runner/test-kit.js';

describe('Echelon', () => {
  it('+1 strength per installed icebreaker; 1: break 1 sentry subroutine; 3: +2 strength', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30025', '30006'], corp: ['30062'] }, (g) => {
      uid = toRig(g, '30025');
      g.runner.credits = 10;
      iceOn(g, '30062', 'hq', true);
    });
    expect(breakerStrength(s.context, uid)).toBe(1);
    s = runnerTurn({ runner: ['30025', '30006'], corp: ['30062'] }, (g) => {
      uid = toRig(g, '30025');
      toRig(g, '30006');
      g.runner.credits = 10;
      iceOn(g, '30062', 'hq', true);
    });
    expect(breakerStrength(s.context, uid)).toBe(2);
    s = advance(runOn(s, 'hq'), encountering);
    s = use(s, uid, 'pump');
    expect(breakerStrength(s.context, uid)).toBe(4);
    s = breakSubs(s, uid, [0]);
    expect(s.context.run?.encounter?.broken).toEqual([true]);
    expect(s.context.runner.credits).toBe(6);
  });
});
