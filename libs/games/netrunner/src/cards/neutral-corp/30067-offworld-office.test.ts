import { describe, expect, it } from 'vitest';
import { scoreAgenda } from '../../testing/kit.js';

describe('Offworld Office', () => {
  it('when scored, the Corp gains 7', () => {
    const { s } = scoreAgenda('30067');
    expect(s.context.corp.credits).toBe(12);
    expect(s.context.corp.scored).toHaveLength(1);
  });
});
