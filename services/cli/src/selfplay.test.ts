import { describe, expect, it } from 'vitest';
import { parlor, type ParlorModule } from '@veil/parlor';
import { Rng, type AnyGameModule } from '@veil/engine';
import { netrunner } from '@veil/netrunner';
import { pickByType, selfplay } from './selfplay.js';

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

describe('pickByType', () => {
  const legal = [
    { type: 'advance', at: 1 },
    ...Array.from({ length: 30 }, (_, i) => ({ type: 'install', at: i })),
    { type: 'score', at: 0 },
  ];

  it('picks a type uniformly, then a target of it: one advance is not drowned by 30 installs', () => {
    const rng = Rng.from('types');
    const counts: Record<string, number> = {};
    for (let i = 0; i < 3000; i++) {
      const a = pickByType(rng, legal);
      counts[a.type] = (counts[a.type] ?? 0) + 1;
    }
    for (const type of ['advance', 'install', 'score']) {
      expect(counts[type]).toBeGreaterThan(850);
      expect(counts[type]).toBeLessThan(1150);
    }
  });

  it('weights types, returns only legal actions and is deterministic', () => {
    const pick = (seed: string) => {
      const rng = Rng.from(seed);
      return Array.from({ length: 2000 }, () => pickByType(rng, legal, { score: 20, advance: 3 }));
    };
    const picks = pick('weights');
    expect(picks.every((a) => legal.includes(a))).toBe(true);
    const scores = picks.filter((a) => a.type === 'score').length;
    expect(scores / picks.length).toBeGreaterThan(0.75); // 20 / 24
    expect(JSON.stringify(pick('weights'))).toBe(JSON.stringify(picks));
  });
});

describe('pickByType with fractional weights', () => {
  it('a weight of 0.1 is rare but not never (it once rounded to 0)', () => {
    const legal = [{ type: 'bribe' }, { type: 'bid' }];
    const rng = Rng.from('fractions');
    const picks = Array.from({ length: 4000 }, () => pickByType(rng, legal, { bribe: 0.1 }));
    const bribes = picks.filter((a) => a.type === 'bribe').length;
    // 0.1 / 1.1 ≈ 9 %.
    expect(bribes).toBeGreaterThan(250);
    expect(bribes).toBeLessThan(480);
  });
});

describe('selfplay netrunner (random-legal, by type)', () => {
  const module = netrunner as unknown as AnyGameModule;

  // Seeds found by search: each reaches every way a game can end within a few games. The full
  // run (2,000 games, seed 1) is in docs/games/netrunner.md.
  for (const [seed, games] of [
    [8, 20],
    [30, 8],
  ] as const) {
    it(`reaches every win reason: seed ${seed}, ${games} games`, () => {
      const s = selfplay({ module, games, seed });
      expect(s.errors + s.deadlocks).toBe(0);
      expect(s.finished).toBe(games);
      expect(s.outcomes).toMatchObject({
        corp: { agenda_points: expect.any(Number), flatline: expect.any(Number) },
        runner: { agenda_points: expect.any(Number), corp_decked: expect.any(Number) },
      });
      expect(Object.keys(s.reasons).sort()).toEqual(['agenda_points', 'corp_decked', 'flatline']);
    });
  }
});
