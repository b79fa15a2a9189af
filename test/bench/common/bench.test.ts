import { describe, expect, it } from 'vitest';
import { loopLatenessMs } from './bench.js';

describe('loopLatenessMs', () => {
  it('takes the sampling period off the tick-to-tick interval, never below zero', () => {
    expect(loopLatenessMs(5_000_000, 5)).toBe(0);
    expect(loopLatenessMs(7_900_000, 5)).toBe(2.9);
    expect(loopLatenessMs(4_100_000, 5)).toBe(0);
  });
});
