import { describe, expect, it } from 'vitest';
import { breakerStrength } from '../../rules/strength.js';
import {
  advance,
  breakSubs,
  canUse,
  encountering,
  iceOn,
  runOn,
  runnerTurn,
  toRig,
  use,
} from '../neutral-runner/test-kit.js';

describe('Cleaver', () => {
  it('1: breaks up to 2 barrier subroutines, if strong enough; 2: +1 strength', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30006'], corp: ['30072'] }, (g) => {
      uid = toRig(g, '30006');
      iceOn(g, '30072', 'remote1', true); // Palisade: 2 + 2 on a remote
      g.runner.credits = 10;
    });
    s = advance(runOn(s, 'remote1'), encountering);
    expect(canUse(s, uid, 'break')).toBe(false);
    s = use(s, uid, 'pump');
    expect(breakerStrength(s.context, uid)).toBe(4);
    s = breakSubs(s, uid, [0]);
    expect(s.context.run?.encounter?.broken).toEqual([true]);
    expect(s.context.runner.credits).toBe(7);
  });

  it('does not break code gates', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30006'], corp: ['30074'] }, (g) => {
      uid = toRig(g, '30006');
      iceOn(g, '30074', 'hq', true);
    });
    s = advance(runOn(s, 'hq'), encountering);
    expect(canUse(s, uid, 'break')).toBe(false);
  });
});
