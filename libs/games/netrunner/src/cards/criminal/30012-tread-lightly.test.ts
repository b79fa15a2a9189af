import { describe, expect, it } from 'vitest';
import { rezCost } from '../../rules/costs.js';
import {
  act,
  advance,
  choices,
  choose,
  finishRun,
  handle,
  iceOn,
  pick,
  play,
  runnerTurn,
  toGrip,
} from '../neutral-runner/test-kit.js';

describe('Tread Lightly', () => {
  it('runs any server; during that run ice costs 3 more to rez', () => {
    let uid = '';
    let ice = '';
    let s = runnerTurn({ runner: ['30012'], corp: ['30072'] }, (g) => {
      uid = toGrip(g, '30012');
      ice = iceOn(g, '30072', 'hq', false);
      g.corp.credits = 10;
    });
    expect(rezCost(s.context, ice)).toBe(3);
    s = play(s, uid);
    expect(choices(s, 'runner')).toEqual(['hq', 'rd', 'archives']);
    s = choose(s, 'runner', 'hq');
    expect(rezCost(s.context, ice)).toBe(6);
    s = advance(
      s,
      (x) => x.context.run?.step === 'approach-ice' && x.context.pauses.windows.length > 0,
    );
    const h = handle(s, ice, 'corp');
    s = act(
      s,
      'corp',
      pick(s, 'corp', (a) => a.type === 'rez' && a.card === h),
    );
    expect(s.context.corp.credits).toBe(4);
    s = finishRun(s);
    expect(rezCost(s.context, ice)).toBe(3);
  });

  it('ruling: increases apply before decreases (printed 3 + 3; a cost never goes below 0)', () => {
    let uid = '';
    let ice = '';
    let s = runnerTurn({ runner: ['30012'], corp: ['30073'] }, (g) => {
      uid = toGrip(g, '30012');
      ice = iceOn(g, '30073', 'rd', false);
    });
    s = choose(play(s, uid), 'runner', 'rd');
    // Tithe costs 1: 1 + 3 = 4 during the run (no decrease in this pool lowers it).
    expect(rezCost(s.context, ice)).toBe(4);
  });
});
