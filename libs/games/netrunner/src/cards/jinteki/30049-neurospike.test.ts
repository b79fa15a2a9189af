import { describe, expect, it } from 'vitest';
import { playOperation } from '../../testing/kit.js';

describe('Neurospike', () => {
  it('net damage equal to the points of agendas scored this turn (from history)', () => {
    const s = playOperation('30049', {}, (g) => {
      g.memory.scoredPoints = [2, 1];
      g.corp.credits = 3;
    });
    expect(s.context.runner.grip).toHaveLength(2);
  });

  it('nothing scored this turn: no damage', () => {
    const s = playOperation('30049', {}, (g) => (g.corp.credits = 3));
    expect(s.context.runner.grip).toHaveLength(5);
  });
});
