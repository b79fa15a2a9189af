import { describe, expect, it } from 'vitest';
import { nextUint32, randomInt, Rng, seedRng, shuffle } from './rng.js';

describe('seeded PRNG', () => {
  it('is a pure function of its JSON state', () => {
    const a = seedRng(42);
    const restored = JSON.parse(JSON.stringify(a)) as typeof a;
    expect(nextUint32(restored)).toEqual(nextUint32(a));
    expect(seedRng('room-1')).toEqual(seedRng('room-1'));
    expect(seedRng('room-1')).not.toEqual(seedRng('room-2'));
  });

  it('keeps the same sequence across versions (SFC32 seeded by SplitMix32)', () => {
    const rng = Rng.from(42);
    const first = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
    // Pinned: a change here would make old room logs replay differently (bump rulesVersion).
    expect(first).toMatchInlineSnapshot(`
      [
        2476999517,
        2284424721,
        914527439,
      ]
    `);
  });

  it('draws integers in range and refuses a bad bound', () => {
    const rng = Rng.from(7);
    for (let i = 0; i < 1000; i++) {
      const v = rng.int(6);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(6);
    }
    expect(() => randomInt(seedRng(1), 0)).toThrow(RangeError);
    expect(() => randomInt(seedRng(1), 1.5)).toThrow(RangeError);
  });

  it('has no modulo bias: n = 3·2^30 gives [0, 2^30) a third of the time, not a half', () => {
    // With `u % n`, values below 2^32 - n = 2^30 would come up twice as often as the rest.
    const rng = Rng.from('bias');
    const n = 3 * 2 ** 30;
    let low = 0;
    const draws = 30_000;
    for (let i = 0; i < draws; i++) if (rng.int(n) < 2 ** 30) low++;
    expect(low / draws).toBeGreaterThan(0.31);
    expect(low / draws).toBeLessThan(0.36);
  });

  it('shuffles uniformly (chi-square over the 6 orders of 3 items) without mutating', () => {
    const items = ['a', 'b', 'c'] as const;
    const counts = new Map<string, number>();
    let state = seedRng('shuffle');
    const samples = 60_000;
    for (let i = 0; i < samples; i++) {
      const [order, next] = shuffle(state, items);
      state = next;
      counts.set(order.join(''), (counts.get(order.join('')) ?? 0) + 1);
    }
    expect(items).toEqual(['a', 'b', 'c']);
    expect(counts.size).toBe(6);
    const expected = samples / 6;
    const chi2 = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(20.5); // the 0.1% critical value for 5 degrees of freedom
  });
});
