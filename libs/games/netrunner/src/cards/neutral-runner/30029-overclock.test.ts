import { describe, expect, it } from 'vitest';
import { spendable } from '../../rules/credits.js';
import {
  advance,
  choose,
  deciding,
  finishRun,
  iceOn,
  play,
  runnerTurn,
  toGrip,
  toRig,
  use,
} from './test-kit.js';

describe('Overclock', () => {
  it('places 5 credits to spend during the run it makes; leftovers go with the run', () => {
    let uid = '';
    let cleaver = '';
    let s = runnerTurn({ runner: ['30029', '30006'], corp: ['30072'] }, (g) => {
      uid = toGrip(g, '30029');
      cleaver = toRig(g, '30006');
      iceOn(g, '30072', 'hq', true);
      g.runner.credits = 1;
    });
    s = choose(play(s, uid), 'runner', 'hq');
    expect(s.context.runner.credits).toBe(0);
    expect(spendable(s.context, 'runner')).toBe(5);
    s = advance(
      s,
      (x) => x.context.run?.step === 'encounter' && x.context.pauses.windows.length > 0,
    );
    s = use(s, cleaver, 'break');
    expect(s.context.run?.mods.hostedCredits).toBe(4);
    expect(s.context.runner.credits).toBe(0);
    s = finishRun(s);
    expect(s.context.run).toBeNull();
    expect(spendable(s.context, 'runner')).toBe(0);
  });

  it('ruling: Whitespace makes the Runner lose credits from the pool only, never hosted ones', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30029'], corp: ['30074'] }, (g) => {
      uid = toGrip(g, '30029');
      iceOn(g, '30074', 'hq', true);
      g.runner.credits = 20;
    });
    s = choose(play(s, uid), 'runner', 'hq');
    s = advance(s, deciding('access'));
    expect(s.context.runner.credits).toBe(16);
    expect(s.context.run?.mods.hostedCredits).toBe(5);
  });
});
