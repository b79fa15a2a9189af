import { describe, expect, it } from 'vitest';
import { parlor, type ParlorModule } from '@veil/engine/fixture';
import type { AnyGameModule } from '@veil/engine';
import { selfplay } from './selfplay.js';

const module = parlor as unknown as AnyGameModule;

describe('selfplay', () => {
  it('plays every game to an outcome and accounts for each one', () => {
    const s = selfplay({ module, games: 50, seed: 3 });
    expect(s.finished).toBe(50);
    expect(s.errors + s.deadlocks).toBe(0);
    expect((s.wins.p1 ?? 0) + (s.wins.p2 ?? 0) + s.draws).toBe(50);
    expect(s.p1Wins).toBe(s.wins.p1);
    expect(Object.values(s.reasons).reduce((a, b) => a + b, 0)).toBe(50);
    expect(s.avgTurns).toBe(8);
  });

  it('is reproducible from its seed', () => {
    const a = selfplay({ module, games: 20, seed: 9 });
    const b = selfplay({ module, games: 20, seed: 9 });
    const c = selfplay({ module, games: 20, seed: 10 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('reports a rule that throws as an error and a game that never ends as a deadlock', () => {
    const throwing: ParlorModule = {
      ...parlor,
      legalActions: (s, seat) => {
        if (s.context.turn === 3) throw new Error('boom');
        return parlor.legalActions(s, seat);
      },
    };
    const errors = selfplay({ module: throwing as unknown as AnyGameModule, games: 5, seed: 1 });
    expect(errors.errors).toBe(5);
    expect(errors.failures[0]).toMatchObject({ kind: 'error', message: 'boom' });
    const endless = selfplay({ module, games: 3, seed: 1, maxActions: 2 });
    expect(endless.deadlocks).toBe(3);
    expect(endless.finished).toBe(0);
  });
});
