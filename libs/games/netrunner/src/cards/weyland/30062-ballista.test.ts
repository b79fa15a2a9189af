import { describe, expect, it } from 'vitest';
import { choose, decisionKind, encountering, fireSubroutines, spawn } from '../../testing/kit.js';

describe('Ballista', () => {
  it('[sub] the Corp chooses: trash 1 installed program or end the run', () => {
    let program = '';
    const { s } = encountering(
      '30062',
      'hq',
      {},
      (g) => (program = spawn(g, '30007', { zone: 'rig' })),
    );
    const fired = fireSubroutines(s);
    expect(decisionKind(fired)).toBe('30062:choose');
    const trashed = choose(fired, 'corp', program, true);
    expect(trashed.context.cards[program]?.loc.zone).toBe('heap');
    expect(trashed.context.run).not.toBeNull();
    expect(choose(fired, 'corp', 'end-the-run').context.run).toBeNull();
  });
});
