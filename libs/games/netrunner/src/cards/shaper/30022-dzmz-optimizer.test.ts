import { describe, expect, it } from 'vitest';
import { memoryLimit } from '../../rules/limits.js';
import { install, nextRunnerTurn, runnerTurn, toGrip, toRig } from '../neutral-runner/test-kit.js';

describe('DZMZ Optimizer', () => {
  it('gives +1 memory; the first program each turn costs 1 less', () => {
    const ids: string[] = [];
    let s = runnerTurn({ runner: ['30022', '30006', '30005', '30026'] }, (g) => {
      toRig(g, '30022');
      ids.push(toGrip(g, '30006'), toGrip(g, '30005'), toGrip(g, '30026'));
      g.runner.credits = 20;
    });
    expect(memoryLimit(s.context)).toBe(5);
    s = install(s, ids[0] as string); // Cleaver 3 → 2
    expect(s.context.runner.credits).toBe(18);
    s = install(s, ids[1] as string); // Buzzsaw 4, not the first program
    expect(s.context.runner.credits).toBe(14);
    s = nextRunnerTurn(s);
    const before = s.context.runner.credits;
    s = install(s, ids[2] as string); // Unity 3 → 2 on a new turn
    expect(s.context.runner.credits).toBe(before - 2);
  });

  it('counts a program installed earlier this turn, before the Optimizer', () => {
    const ids: string[] = [];
    let s = runnerTurn({ runner: ['30022', '30006', '30005'] }, (g) => {
      ids.push(toGrip(g, '30006'), toGrip(g, '30022'), toGrip(g, '30005'));
      g.runner.credits = 20;
    });
    s = install(s, ids[0] as string);
    s = install(s, ids[1] as string);
    const before = s.context.runner.credits;
    s = install(s, ids[2] as string);
    expect(s.context.runner.credits).toBe(before - 4);
  });
});
