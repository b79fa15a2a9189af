import { describe, expect, it } from 'vitest';
import { breakerStrength } from '../../rules/strength.js';
import {
  advance,
  breakSubs,
  choose,
  deciding,
  encountering,
  iceOn,
  runOn,
  runnerTurn,
  toRig,
  use,
} from '../neutral-runner/test-kit.js';

describe('Unity', () => {
  it('1: break 1 code gate subroutine; 1: +X strength, X installed icebreakers', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30026', '30006'], corp: ['30054'] }, (g) => {
      uid = toRig(g, '30026');
      toRig(g, '30006');
      iceOn(g, '30054', 'hq', true); // Funhouse: code gate, strength 4
      g.runner.credits = 10;
    });
    s = choose(advance(runOn(s, 'hq'), deciding('30054:toll')), 'runner', 'take-tag');
    s = advance(s, encountering);
    expect(breakerStrength(s.context, uid)).toBe(1);
    s = use(s, uid, 'pump');
    expect(breakerStrength(s.context, uid)).toBe(3);
    s = use(s, uid, 'pump');
    expect(breakerStrength(s.context, uid)).toBe(5);
    s = breakSubs(s, uid, [0]);
    expect(s.context.run?.encounter?.broken[0]).toBe(true);
    expect(s.context.runner.credits).toBe(7);
  });
});
