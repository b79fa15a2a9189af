import { describe, expect, it } from 'vitest';
import { encountering, fireSubroutines, spawn } from '../../testing/kit.js';
import { isOddPrintedCost } from './30046-diviner.js';

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

  it('an even printed cost (Botulus, 2) does not end the run', () => {
    const { s } = encountering('30046', 'hq', {}, (g) => {
      g.runner.grip = [];
      spawn(g, '30004', { zone: 'grip' });
    });
    const after = fireSubroutines(s);
    expect(after.context.runner.heap).toHaveLength(1);
    expect(after.context.run).not.toBeNull();
  });

  it('a cost of X counts as 0 (no printed number): not odd', () => {
    // No card of the pool costs X; the catalog gives such a cost as null.
    expect(isOddPrintedCost(null)).toBe(false);
    expect(isOddPrintedCost(0)).toBe(false);
    expect(isOddPrintedCost(3)).toBe(true);
  });

  it('it checks the card trashed from the grip by the damage, not cards from HQ', () => {
    const { s } = encountering('30046', 'hq', {}, (g) => {
      g.runner.grip = [];
      spawn(g, '30006', { zone: 'grip' });
    });
    const hq = s.context.corp.hq.length;
    const after = fireSubroutines(s);
    expect(after.context.corp.hq).toHaveLength(hq);
    expect(after.context.run).toBeNull();
  });
});
