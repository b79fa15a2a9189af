import { describe, expect, it } from 'vitest';
import { nextRunnerTurn, runnerTurn, toGrip } from './test-kit.js';

describe('runner card test kit', () => {
  it('reaches the Runner action phase and the next one', () => {
    let s = runnerTurn({ runner: ['30020'] }, (g) => void toGrip(g, '30020'));
    expect(s.context.turn).toBe(2);
    expect(s.context.runner.clicks).toBe(4);
    s = nextRunnerTurn(s);
    expect(s.context.turn).toBe(4);
    expect(s.context.runner.clicks).toBe(4);
  });
});
