import { describe, expect, it } from 'vitest';
import { encountering, fireSubroutines, spawn } from '../../testing/kit.js';

describe('Tithe', () => {
  it('[sub] 1 net damage, [sub] the Corp gains 1', () => {
    // Buzzsaw (a decoder) in sight: the Runner is asked at the encounter, before the subroutines.
    const { s } = encountering('30073', 'hq', {}, (g) => void spawn(g, '30005', { zone: 'rig' }));
    const grip = s.context.runner.grip.length;
    const credits = s.context.corp.credits;
    const after = fireSubroutines(s);
    expect(after.context.runner.grip).toHaveLength(grip - 1);
    expect(after.context.corp.credits).toBe(credits + 1);
    expect(after.context.run).not.toBeNull();
  });
});
