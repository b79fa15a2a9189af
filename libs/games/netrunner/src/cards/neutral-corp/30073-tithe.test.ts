import { describe, expect, it } from 'vitest';
import { encountering, fireSubroutines } from '../../testing/kit.js';

describe('Tithe', () => {
  it('[sub] 1 net damage, [sub] the Corp gains 1', () => {
    const { s } = encountering('30073');
    const grip = s.context.runner.grip.length;
    const credits = s.context.corp.credits;
    const after = fireSubroutines(s);
    expect(after.context.runner.grip).toHaveLength(grip - 1);
    expect(after.context.corp.credits).toBe(credits + 1);
    expect(after.context.run).not.toBeNull();
  });
});
