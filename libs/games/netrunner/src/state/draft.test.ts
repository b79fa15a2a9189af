import { describe, expect, it } from 'vitest';
import { applyAction, newGame, Rng, type GameSnapshot } from '@veil/engine';
import { transition } from 'xstate';
import { netrunner } from '../module.js';
import { corpActing } from '../testing/kit.js';
import type { Game } from './types.js';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

describe('transitions are pure', () => {
  it('one draft per transition never leaks into the next, even for a re-sent event object', () => {
    const s0 = corpActing();
    const event = { type: 'act', seat: 'corp', action: { type: 'click-credit' } } as const;
    const [s1] = transition(netrunner.machine, s0 as never, event);
    const frozen = deepFreeze((s1 as GameSnapshot<Game>).context);
    const before = JSON.stringify(frozen);
    const [s2] = transition(netrunner.machine, s1 as never, event);
    expect(JSON.stringify((s1 as GameSnapshot<Game>).context)).toBe(before);
    expect((s2 as GameSnapshot<Game>).context.corp.clicks).toBe(1);
  });

  it('never change the snapshot they are given (inputs deep-frozen through random games)', () => {
    for (const [seed, options] of [
      [1, {}],
      [2, { corpDeck: 'sg-jinteki', runnerDeck: 'sg-anarch' }],
      [3, { corpDeck: 'sg-haas-bioroid', runnerDeck: 'sg-criminal' }],
    ] as const) {
      const rng = Rng.from(`freeze:${seed}`);
      let s = newGame(netrunner, options, seed) as GameSnapshot<Game>;
      let steps = 0;
      while (!netrunner.outcome(s) && steps < 600) {
        deepFreeze(s.context);
        const seat = rng.pick(netrunner.deciders(s));
        s = applyAction(netrunner, s, seat, rng.pick(netrunner.legalActions(s, seat)));
        steps += 1;
      }
      expect(steps).toBeGreaterThan(10);
    }
  });
});
