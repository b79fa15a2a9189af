import { describe, expect, it } from 'vitest';
import { encountering, fireSubroutines, spawn } from '../../testing/kit.js';
import { isOddPrintedCost } from './30046-diviner.js';

describe('Diviner rulings', () => {
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
