import { describe, expect, it } from 'vitest';
import { sprt, wilson } from './stats.js';

describe('ladder statistics', () => {
  it('Wilson interval matches the textbook figures', () => {
    // 60 wins of 100: 95 % interval 50.2 %–69.1 %.
    const { low, high } = wilson(60, 100);
    expect(low).toBeCloseTo(0.502, 3);
    expect(high).toBeCloseTo(0.691, 3);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('SPRT bounds are ±ln(19) and it decides either way', () => {
    const { lower, upper } = sprt([]);
    expect(upper).toBeCloseTo(Math.log(19), 10);
    expect(lower).toBeCloseTo(-Math.log(19), 10);
    // Each win adds ln(1.1) = 0.0953, each loss ln(0.9) = −0.1054.
    expect(sprt(Array.from({ length: 31 }, () => 1)).verdict).toBe('H1');
    expect(sprt(Array.from({ length: 30 }, () => 1)).verdict).toBe('continue');
    expect(sprt(Array.from({ length: 28 }, () => 0)).verdict).toBe('H0');
    expect(sprt(Array.from({ length: 27 }, () => 0)).verdict).toBe('continue');
    // Draws only: the LLR drifts down slowly (½·ln 1.1 + ½·ln 0.9 < 0).
    expect(sprt([0.5, 0.5]).llr).toBeCloseTo(Math.log(1.1) + Math.log(0.9), 10);
    expect(sprt(Array.from({ length: 200 }, (_, i) => (i % 2 ? 1 : 0.5))).verdict).toBe('H1');
  });

  it('stops at the cap when undecided', () => {
    const alternating = Array.from({ length: 3000 }, (_, i) => (i % 20 < 10 ? 1 : 0));
    // Exactly 50 % drifts towards H0 (ln 1.1 + ln 0.9 < 0 per win and loss): decided by 3,000.
    expect(sprt(alternating).verdict).toBe('H0');
    const small = { p0: 0.5, p1: 0.55, alpha: 0.05, beta: 0.05, cap: 10 };
    expect(sprt([1, 0, 1, 0, 1, 0, 1, 0, 1, 0], small).verdict).toBe('cap');
  });
});
