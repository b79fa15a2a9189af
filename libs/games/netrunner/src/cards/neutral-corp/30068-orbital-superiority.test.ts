import { describe, expect, it } from 'vitest';
import { scoreAgenda } from '../../testing/kit.js';

describe('Orbital Superiority', () => {
  it('gives an untagged Runner 1 tag', () => {
    const { s } = scoreAgenda('30068');
    expect(s.context.runner.tags).toBe(1);
  });

  it('does 4 meat damage to a tagged Runner', () => {
    const { s } = scoreAgenda('30068', {}, (g) => (g.runner.tags = 1));
    expect(s.context.runner.grip).toHaveLength(1);
    expect(s.context.runner.tags).toBe(1);
  });
});
