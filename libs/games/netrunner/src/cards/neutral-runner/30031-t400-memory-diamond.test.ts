import { describe, expect, it } from 'vitest';
import { maxHandSize, memoryLimit } from '../../rules/limits.js';
import { install, runnerTurn, toGrip } from './test-kit.js';

describe('T400 Memory Diamond', () => {
  it('gives +1 memory and +1 maximum hand size while installed', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30031'] }, (g) => void (uid = toGrip(g, '30031')));
    expect(memoryLimit(s.context)).toBe(4);
    expect(maxHandSize(s.context, 'runner')).toBe(5);
    s = install(s, uid);
    expect(s.context.runner.credits).toBe(3);
    expect(memoryLimit(s.context)).toBe(5);
    expect(maxHandSize(s.context, 'runner')).toBe(6);
  });
});
