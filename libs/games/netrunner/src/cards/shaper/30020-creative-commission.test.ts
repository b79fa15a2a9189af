import { describe, expect, it } from 'vitest';
import { play, runnerTurn, toGrip } from '../neutral-runner/test-kit.js';

describe('Creative Commission', () => {
  it('gains 5 credits and loses a remaining click', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30020'] }, (g) => void (uid = toGrip(g, '30020')));
    const credits = s.context.runner.credits;
    s = play(s, uid);
    expect(s.context.runner.credits).toBe(credits - 1 + 5);
    expect(s.context.runner.clicks).toBe(2);
    expect(s.context.runner.heap.includes(uid)).toBe(true);
  });

  it('ruling: can be played with only 1 click left (the click loss is not a cost)', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30020'] }, (g) => {
      uid = toGrip(g, '30020');
      g.runner.clicks = 1;
    });
    const credits = s.context.runner.credits;
    s = play(s, uid);
    expect(s.context.runner.credits).toBe(credits + 4);
    expect(s.context.runner.clicks).toBe(0);
  });
});
