import { describe, expect, it } from 'vitest';
import { choose, decisionKind, encountering, fireSubroutines } from '../../testing/kit.js';

describe('Karunā', () => {
  it('[sub] 2 net damage and the Runner may jack out; [sub] 2 net damage', () => {
    const s = fireSubroutines(encountering('30047').s);
    expect(s.context.runner.grip).toHaveLength(3);
    expect(decisionKind(s)).toBe('30047:jack-out');
    const out = choose(s, 'runner', 'jack-out');
    expect(out.context.run).toBeNull();
    expect(out.context.runner.grip).toHaveLength(3);
    const stay = choose(s, 'runner', 'continue');
    expect(stay.context.runner.grip).toHaveLength(1);
    expect(stay.context.run).not.toBeNull();
  });
});
