import { describe, expect, it } from 'vitest';
import { encountering, fireSubroutines } from '../../testing/kit.js';

describe('Diviner', () => {
  it('[sub] 1 net damage; ends the run if the trashed card has an odd printed cost', () => {
    // The grip holds only Sure Gamble (cost 5, odd).
    const odd = encountering('30046', 'hq', {}, (g) => g.runner.grip.splice(1)).s;
    const after = fireSubroutines(odd);
    expect(after.context.runner.heap).toHaveLength(1);
    expect(after.context.run).toBeNull();
  });

  it('ruling: 0 is not odd', () => {
    // Mutual Favor costs 0.
    const even = encountering('30046', 'hq', { runner: ['30011'] }, (g) => {
      const favor = g.runner.stack.find((u) => g.cards[u]?.code === '30011') ?? '';
      g.runner.grip = [favor];
      g.cards[favor]!.loc = { zone: 'grip' };
      g.runner.stack = g.runner.stack.filter((u) => u !== favor);
    }).s;
    const after = fireSubroutines(even);
    expect(after.context.runner.heap).toHaveLength(1);
    expect(after.context.run).not.toBeNull();
  });
});
