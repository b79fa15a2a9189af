import { describe, expect, it } from 'vitest';
import { play, runnerTurn, toGrip } from '../neutral-runner/test-kit.js';

describe('VRcation', () => {
  it('draws 4 cards and loses a remaining click', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30021'] }, (g) => void (uid = toGrip(g, '30021')));
    const grip = s.context.runner.grip.length;
    s = play(s, uid);
    expect(s.context.runner.grip.length).toBe(grip - 1 + 4);
    expect(s.context.runner.clicks).toBe(2);
  });

  it('ruling: can be played with only 1 click left (the click loss is not a cost)', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30021'] }, (g) => {
      uid = toGrip(g, '30021');
      g.runner.clicks = 1;
    });
    const grip = s.context.runner.grip.length;
    s = play(s, uid);
    expect(s.context.runner.grip.length).toBe(grip + 3);
    expect(s.context.runner.clicks).toBe(0);
  });
});
