import { describe, expect, it } from 'vitest';
import { play, runnerTurn, toGrip } from './test-kit.js';

describe('Sure Gamble', () => {
  it('costs 5 and gains 9', () => {
    let uid = '';
    let s = runnerTurn({}, (g) => void (uid = toGrip(g, '30030')));
    s = play(s, uid);
    expect(s.context.runner.credits).toBe(9);
  });
});
