import { describe, expect, it } from 'vitest';
import {
  applyAction,
  newGame,
  persistGame,
  restoreGame,
  Rng,
  snapshotBytes,
  type GameSnapshot,
} from '@veil/engine';
import { transition } from 'xstate';
import { netrunner } from '../module.js';
import { corpActing } from '../testing/kit.js';
import { produce } from './draft.js';
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

  it('leave every earlier snapshot byte for byte as it was (structural sharing)', () => {
    for (const seed of [4, 5]) {
      const rng = Rng.from(`sharing:${seed}`);
      let s = newGame(netrunner, {}, seed) as GameSnapshot<Game>;
      const kept: [GameSnapshot<Game>, string][] = [];
      let steps = 0;
      while (!netrunner.outcome(s) && steps < 400) {
        kept.push([s, snapshotBytes(s)]);
        const seat = rng.pick(netrunner.deciders(s));
        const legal = netrunner.legalActions(s, seat);
        // Branch: every other legal action from the same snapshot, which must stay as it was
        // and give what the same action gives from a copy restored from JSON.
        if (steps % 25 === 0) {
          const restored = restoreGame(netrunner, persistGame(s));
          for (const action of legal) {
            const branch = applyAction(netrunner, s, seat, action);
            expect(snapshotBytes(branch)).toBe(
              snapshotBytes(applyAction(netrunner, restored, seat, action)),
            );
          }
        }
        s = applyAction(netrunner, s, seat, rng.pick(legal));
        steps += 1;
      }
      expect(steps).toBeGreaterThan(50);
      for (const [snapshot, bytes] of kept) expect(snapshotBytes(snapshot)).toBe(bytes);
    }
  });

  it('keep the key order of a game stored in another order (its JSON does not change)', () => {
    const g = corpActing().context;
    const reordered = Object.fromEntries(Object.entries(g).reverse()) as unknown as Game;
    const d = produce(reordered, (draft) => {
      draft.turn += 0;
    });
    expect(Object.keys(d)).toEqual(Object.keys(reordered));
    expect(JSON.stringify(d)).toBe(JSON.stringify(reordered));
    expect(Object.keys(produce(g, () => {}))).toEqual(Object.keys(g));
  });
});
