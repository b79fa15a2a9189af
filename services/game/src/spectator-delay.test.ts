import type { GameSnapshot } from '@veil/engine';
import { describe, expect, it } from 'vitest';
import { SpectatorDelay } from './spectator-delay.js';

const state = (version: number, mark: number) => ({
  version,
  mark,
  snapshot: { value: 'x', context: { version }, status: 'active' } as GameSnapshot<unknown>,
});

describe('SpectatorDelay', () => {
  it('shows the latest state at least `delay` turns behind, and the first state before that', () => {
    const delay = new SpectatorDelay(1);
    delay.record(state(0, 1));
    expect(delay.shown()?.version).toBe(0);
    delay.record(state(1, 1));
    delay.record(state(2, 2));
    expect(delay.shown()?.version).toBe(1);
    delay.record(state(3, 2));
    delay.record(state(4, 3));
    expect(delay.shown()?.version).toBe(3);
  });

  it('shows nothing when no state held is far enough behind (a room loaded mid-game)', () => {
    const delay = new SpectatorDelay(2);
    delay.record(state(7, 5));
    expect(delay.shown()).toBeNull();
    delay.record(state(8, 6));
    delay.record(state(9, 7));
    expect(delay.shown()?.version).toBe(7);
  });

  it('shows the live state without a delay', () => {
    const delay = new SpectatorDelay(0);
    delay.record(state(4, 2));
    delay.record(state(5, 2));
    expect(delay.shown()?.version).toBe(5);
  });
});
