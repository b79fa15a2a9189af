import { describe, expect, it } from 'vitest';
import {
  afterArrivals,
  clockAfter,
  clockSettings,
  clockSettingsOf,
  incrementSeats,
  initialClock,
  nextFlag,
  runningSeats,
  seatClocks,
  storedClock,
  withoutClockOf,
} from './seat-clock.js';

describe('seat clocks', () => {
  const settings = clockSettings({ baseSeconds: 60, incrementSeconds: 10, onFlag: 'loss' }, 1_000);
  const start = { remainingMs: { a: 60_000, b: 60_000, c: 60_000 }, at: 1_000 };

  it('charges every seat deciding at once, each on its own clock, and only them', () => {
    const after = clockAfter(start, ['a', 'b'], ['a'], settings.incrementMs, 31_000);
    // a decided: charged 30 s, given 10 s; b still deciding: charged 30 s; c waited: untouched.
    expect(after).toEqual({ remainingMs: { a: 40_000, b: 30_000, c: 60_000 }, at: 31_000 });
    expect(seatClocks(after, ['b'], 36_000)).toEqual({
      remainingMs: { a: 40_000, b: 25_000, c: 60_000 },
      running: ['b'],
    });
  });

  it('gives the increment only to a seat whose decision it was', () => {
    // A policy change (no decider) or a seat that was not deciding earns nothing.
    expect(clockAfter(start, ['a'], [], 10_000, 2_000).remainingMs).toEqual({
      a: 59_000,
      b: 60_000,
      c: 60_000,
    });
    expect(clockAfter(start, ['a'], ['c'], 10_000, 2_000).remainingMs['c']).toBe(60_000);
  });

  it('never shows less than zero, and flags the running seat that runs out first', () => {
    const state = { remainingMs: { a: 5_000, b: 3_000, c: 1_000 }, at: 100 };
    expect(nextFlag(state, ['a', 'b'])).toEqual({ seat: 'b', at: 3_100 });
    expect(nextFlag(state, [])).toBeNull();
    expect(seatClocks(state, ['a', 'b'], 10_000).remainingMs).toEqual({ a: 0, b: 0, c: 1_000 });
  });

  it('runs no clock while an open seat is awaited, and starts them all when the last one comes', () => {
    const open = clockSettings({ baseSeconds: 60, incrementSeconds: 10, onFlag: 'loss' }, 1_000, [
      'b',
      'c',
    ]);
    const waiting = initialClock(open, ['a', 'b', 'c']);
    expect(waiting.awaiting).toEqual(['b', 'c']);
    expect(runningSeats(waiting, ['a'])).toEqual([]);
    // Waiting charges nobody and earns nothing, whoever acts.
    const later = clockAfter(waiting, runningSeats(waiting, ['a']), ['a'], 10_000, 41_000);
    expect(later).toEqual({ ...waiting, at: 41_000 });
    const one = afterArrivals(later, new Set(['b']), 50_000);
    expect(one).toEqual({ ...later, awaiting: ['c'] });
    const started = afterArrivals(one, new Set(['b', 'c']), 60_000);
    expect(started).toEqual({ remainingMs: waiting.remainingMs, at: 60_000 });
    expect(runningSeats(started, ['a'])).toEqual(['a']);
    expect(afterArrivals(started, new Set(['b']), 70_000)).toBe(started);
    // A room stored before seats were awaited (no `awaitedSeats`) ran its clocks from creation.
    const older = clockSettingsOf({ clock: { ...open, awaitedSeats: undefined } });
    expect(older).toEqual({ ...open, awaitedSeats: [] });
    expect(initialClock({ ...open, awaitedSeats: [] }, ['a', 'b']).awaiting).toBeUndefined();
  });

  it('clocks every seat of two, and only the human seats of a larger table', () => {
    expect(initialClock(settings, ['a', 'b']).remainingMs).toEqual({ a: 60_000, b: 60_000 });
    const people = { ...settings, awaitedSeats: ['a', 'c'] };
    const table = initialClock(people, ['a', 'b', 'c']);
    expect(table.remainingMs).toEqual({ a: 60_000, c: 60_000 });
    // The bot's seat b decides and earns no clock; a seat handed to a bot loses its own.
    const started = afterArrivals(table, new Set(['a', 'c']), 1_000);
    expect(clockAfter(started, ['a', 'b'], ['b'], 10_000, 2_000).remainingMs).toEqual({
      a: 59_000,
      c: 60_000,
    });
    expect(withoutClockOf(started, 'c').remainingMs).toEqual({ a: 60_000 });
    expect(withoutClockOf(started, 'b')).toBe(started);
  });

  it('gives no increment for a commitment to a choice still open, and every participant one at its end', () => {
    const open = { deciders: ['a', 'b', 'c'], awaiting: ['a', 'b', 'c'] };
    const aIn = { deciders: ['a', 'b', 'c'], awaiting: ['b', 'c'] };
    const onlyCLeft = { deciders: ['a', 'b', 'c'], awaiting: ['c'] };
    const next = { deciders: ['b'], awaiting: ['b'] };
    expect(incrementSeats('a', open, aIn)).toEqual([]);
    // A seat that is in may replace its commitment: still nothing.
    expect(incrementSeats('a', onlyCLeft, onlyCLeft)).toEqual([]);
    expect(incrementSeats('c', onlyCLeft, next)).toEqual(['a', 'b', 'c']);
    // A choice of one, an ordinary turn, a pass that leaves a window: the seat's own.
    expect(incrementSeats('b', next, { deciders: ['c'], awaiting: ['c'] })).toEqual(['b']);
    expect(incrementSeats('b', next, next)).toEqual(['b']);
    expect(incrementSeats('a', open, { deciders: ['b', 'c'], awaiting: ['b', 'c'] })).toEqual([
      'a',
    ]);
  });

  it('reads settings and stored clocks back, and nothing malformed', () => {
    expect(clockSettingsOf({ seed: 'x', clock: settings })).toEqual(settings);
    expect(clockSettingsOf({ clock: { ...settings, onFlag: 'draw' } })).toBeNull();
    expect(clockSettingsOf({ seed: 'x' })).toBeNull();
    const stored = { type: 'act', action: {}, clock: { remainingMs: { a: 1 }, at: 2 } };
    expect(storedClock(stored)).toEqual({ remainingMs: { a: 1 }, at: 2 });
    expect(storedClock({ type: 'act', clock: { remainingMs: { a: '1' }, at: 2 } })).toBeNull();
    expect(storedClock({ type: 'act', action: {} })).toBeNull();
    const awaiting = { type: 'act', clock: { remainingMs: { a: 1 }, at: 2, awaiting: ['a'] } };
    expect(storedClock(awaiting)).toEqual({ remainingMs: { a: 1 }, at: 2, awaiting: ['a'] });
  });
});
