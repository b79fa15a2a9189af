import { describe, expect, it } from 'vitest';
import {
  clockAfter,
  clockSettings,
  clockSettingsOf,
  initialClock,
  nextFlag,
  seatClocks,
  storedClock,
} from './seat-clock.js';

describe('seat clocks', () => {
  const settings = clockSettings({ baseSeconds: 60, incrementSeconds: 10, onFlag: 'loss' }, 1_000);
  const start = initialClock(settings, ['a', 'b', 'c']);

  it('charges every seat deciding at once, each on its own clock, and only them', () => {
    const after = clockAfter(start, ['a', 'b'], 'a', settings.incrementMs, 31_000);
    // a decided: charged 30 s, given 10 s; b still deciding: charged 30 s; c waited: untouched.
    expect(after).toEqual({ remainingMs: { a: 40_000, b: 30_000, c: 60_000 }, at: 31_000 });
    expect(seatClocks(after, ['b'], 36_000)).toEqual({
      remainingMs: { a: 40_000, b: 25_000, c: 60_000 },
      running: ['b'],
    });
  });

  it('gives the increment only to a seat whose decision it was', () => {
    // A policy change (no decider) or a seat that was not deciding earns nothing.
    expect(clockAfter(start, ['a'], null, 10_000, 2_000).remainingMs).toEqual({
      a: 59_000,
      b: 60_000,
      c: 60_000,
    });
    expect(clockAfter(start, ['a'], 'c', 10_000, 2_000).remainingMs['c']).toBe(60_000);
  });

  it('never shows less than zero, and flags the running seat that runs out first', () => {
    const state = { remainingMs: { a: 5_000, b: 3_000, c: 1_000 }, at: 100 };
    expect(nextFlag(state, ['a', 'b'])).toEqual({ seat: 'b', at: 3_100 });
    expect(nextFlag(state, [])).toBeNull();
    expect(seatClocks(state, ['a', 'b'], 10_000).remainingMs).toEqual({ a: 0, b: 0, c: 1_000 });
  });

  it('reads settings and stored clocks back, and nothing malformed', () => {
    expect(clockSettingsOf({ seed: 'x', clock: settings })).toEqual(settings);
    expect(clockSettingsOf({ clock: { ...settings, onFlag: 'draw' } })).toBeNull();
    expect(clockSettingsOf({ seed: 'x' })).toBeNull();
    const stored = { type: 'act', action: {}, clock: { remainingMs: { a: 1 }, at: 2 } };
    expect(storedClock(stored)).toEqual({ remainingMs: { a: 1 }, at: 2 });
    expect(storedClock({ type: 'act', clock: { remainingMs: { a: '1' }, at: 2 } })).toBeNull();
    expect(storedClock({ type: 'act', action: {} })).toBeNull();
  });
});
