import { describe, expect, it } from 'vitest';
import { breakerStrength } from '../../rules/strength.js';
import {
  advance,
  canUse,
  use,
  breakSubs,
  encountering,
  finishRun,
  iceOn,
  runOn,
  runnerTurn,
  toRig,
} from './test-kit.js';

describe('Mayfly', () => {
  it('1: breaks 1 subroutine of any ice; trashed when that run ends', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30032'], corp: ['30073'] }, (g) => {
      uid = toRig(g, '30032');
      iceOn(g, '30073', 'hq', true); // Tithe: sentry, strength 1, 2 subroutines
    });
    s = advance(runOn(s, 'hq'), encountering);
    s = breakSubs(s, uid, [0]);
    expect(s.context.run?.encounter?.broken).toEqual([true, false]);
    expect(s.context.runner.rig).toContain(uid);
    s = finishRun(s);
    expect(s.context.runner.heap).toContain(uid);
  });

  it('ruling: may break more than one subroutine in a run; trashed once', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30032'], corp: ['30073', '30072'] }, (g) => {
      uid = toRig(g, '30032');
      iceOn(g, '30073', 'hq', true);
      g.runner.credits = 10;
    });
    s = advance(runOn(s, 'hq'), encountering);
    s = breakSubs(breakSubs(s, uid, [0]), uid, [1]);
    expect(s.context.run?.encounter?.broken).toEqual([true, true]);
    expect(s.context.run?.mods.trashAtEnd).toEqual([uid]);
    s = finishRun(s);
    expect(s.context.runner.heap.filter((u) => u === uid)).toEqual([uid]);
    expect(s.context.runner.credits).toBe(8);
  });

  it('1: +1 strength; it breaks only ice its strength reaches', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30032'], corp: ['30072'] }, (g) => {
      uid = toRig(g, '30032');
      iceOn(g, '30072', 'hq', true); // Palisade: strength 2 on a central server
      g.runner.credits = 2;
    });
    s = advance(runOn(s, 'hq'), encountering);
    expect(canUse(s, uid, 'break')).toBe(false);
    s = use(s, uid, 'pump');
    expect(breakerStrength(s.context, uid)).toBe(2);
    expect(s.context.runner.credits).toBe(1);
    s = breakSubs(s, uid, [0]);
    expect(s.context.run?.encounter?.broken).toEqual([true]);
    expect(s.context.runner.credits).toBe(0);
  });
});
